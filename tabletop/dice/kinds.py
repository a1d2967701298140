"""Dice kinds as data: what each die of the four games shows on each face.

The faces the rulebooks print are built here:

* Kingdoms Forlorn d10 (rulebook p. 14, "Dice"): faces 1-9 and the critical symbol, which
  counts as 10.  ``kf-d10`` is a black die, ``kf-d10-white`` the white one (the Crit die of
  every Attack and Evasion Roll, and the tens die of a d100).
* King's Champion d6 ("Attack Dice Scores", "Fealty Dice"): white, green and red Attack dice
  and the black Fealty die, faces 1-6.  How a face scores is the joust module's business.
* A plain white ``d6``, faces 1-6: the D6 Fateforge rolls to pick among equally viable
  outcomes (Randomisation, e.g. where an enemy's push sends a hero).

The faces the rulebooks do not print (the Kingdoms Forlorn Power/Armor d6 and the Fateforge
combat and weapon dice) come from ``tabletop/data/dice-faces.toml`` (or the file named by the
environment variable ``TABLETOP_DICE_FACES``), which ships marked as a placeholder.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from tabletop import resources
from tabletop.errors import LayoutError, UsageError

SHIPPED_FACES = resources.data_file("dice-faces.toml")
FACES_ENV = "TABLETOP_DICE_FACES"


@dataclass(frozen=True)
class Face:
    """One face of a die.

    ``label`` is what the face shows, in words ("7", "CRIT", "power+potential", "STEP/HIT").
    ``value`` is the number it counts as: the d10 critical symbol counts 10, a d6 face its pip
    count or (for symbol dice) its position 1-6.  ``symbols`` are the symbols printed on it
    (lower-case for Kingdoms Forlorn, upper-case Fateforge results); ``split`` says they are
    alternatives (use either, not both: Fateforge "Combat Die Results") rather than all
    counted together.
    """

    label: str
    value: int
    symbols: tuple[str, ...] = ()
    split: bool = False


@dataclass(frozen=True)
class DieKind:
    """A kind of die: its name (as ``tabletop roll`` spells it), game, colour and faces.

    ``placeholder`` is true when the faces come from a data file still marked as not checked
    against the physical dice.
    """

    name: str
    game: str
    colour: str
    title: str
    faces: tuple[Face, ...]
    placeholder: bool = False

    @property
    def sides(self) -> int:
        """The number of faces."""
        return len(self.faces)


def _d10(name: str, colour: str, title: str) -> DieKind:
    faces = tuple(Face(str(n), n) for n in range(1, 10)) + (Face("CRIT", 10),)
    return DieKind(name, "kingdoms-forlorn", colour, title, faces)


def _kc_d6(colour: str, title: str) -> DieKind:
    return DieKind(f"kc-{colour}", "kings-champion", colour, title,
                   tuple(Face(str(n), n) for n in range(1, 7)))


PRINTED: tuple[DieKind, ...] = (
    _d10("kf-d10", "black", "Kingdoms Forlorn d10"),
    _d10("kf-d10-white", "white", "Kingdoms Forlorn white d10 (Crit die)"),
    _kc_d6("white", "King's Champion white Attack die"),
    _kc_d6("green", "King's Champion green Attack die"),
    _kc_d6("red", "King's Champion red Attack die"),
    _kc_d6("black", "King's Champion black Fealty die"),
    DieKind("d6", "any", "white", "plain d6 (Fateforge Randomisation)",
            tuple(Face(str(n), n) for n in range(1, 7))),
)

# The kinds whose faces come from the data file: name -> (game, colour, title).
DATA_KINDS: dict[str, tuple[str, str, str]] = {
    "kf-power-red": ("kingdoms-forlorn", "red", "Kingdoms Forlorn red Power/Armor d6"),
    "kf-power-black": ("kingdoms-forlorn", "black", "Kingdoms Forlorn black Power/Armor d6"),
    "kf-power-white": ("kingdoms-forlorn", "white", "Kingdoms Forlorn white Power/Armor d6"),
    "ff-red": ("fateforge", "red", "Fateforge red combat die (strength)"),
    "ff-yellow": ("fateforge", "yellow", "Fateforge yellow combat die (speed)"),
    "ff-blue": ("fateforge", "blue", "Fateforge blue combat die (ranged)"),
    "ff-green": ("fateforge", "green", "Fateforge green combat die (intelligence)"),
    "ff-melee": ("fateforge", "brown", "Fateforge melee weapon die"),
    "ff-ranged": ("fateforge", "grey", "Fateforge ranged weapon die"),
}

KF_SYMBOLS = ("power", "potential", "hope")
FF_RESULTS = ("STEP", "HIT", "SKILL HIT", "SHOT", "SKILL SHOT", "FOCUS", "MISS")
FF_WEAPON_ONLY = ("SPECIAL",)

ALIASES: dict[str, str] = {
    "white": "kc-white", "green": "kc-green", "red": "kc-red", "black": "kc-black",
    "kf-crit": "kf-d10-white",
    "kf-red": "kf-power-red", "kf-black": "kf-power-black", "kf-white": "kf-power-white",
}


def _line_of(text: str, table: str, key: str | None = None) -> int | None:
    """The 1-based line of ``[table]`` (or of ``key`` inside it) in ``text``, if found.

    ``table`` empty means the top level, before the first table header.
    """
    lines = text.splitlines()
    if not table:
        for number, line in enumerate(lines, start=1):
            if line.lstrip().startswith("["):
                break
            if key and re.match(r"^\s*" + re.escape(key) + r"\s*=", line):
                return number
        return None
    header = re.compile(r"^\s*\[\s*" + re.escape(table) + r"\s*\]")
    for number, line in enumerate(lines, start=1):
        if header.match(line):
            if key is None:
                return number
            for offset, inner in enumerate(lines[number:], start=number + 1):
                if inner.lstrip().startswith("["):
                    break
                if re.match(r"^\s*" + re.escape(key) + r"\s*=", inner):
                    return offset
            return number
    return None


def _parse_face(text: str, kind: str, position: int) -> Face | str:
    """The :class:`Face` that ``text`` describes, or the rule it breaks, in words."""
    game = DATA_KINDS[kind][0]
    if game == "kingdoms-forlorn":
        words = [w.strip().lower() for w in text.split("+")]
        if words == ["blank"]:
            return Face("blank", position)
        bad = [w for w in words if w not in KF_SYMBOLS]
        if bad:
            return (f"{text!r} is not a Kingdoms Forlorn face (symbols joined by '+' from "
                    f"{', '.join(KF_SYMBOLS)}, or 'blank')")
        return Face("+".join(words), position, tuple(words))
    parts = [" ".join(p.split()).upper() for p in text.split("/")]
    allowed = FF_RESULTS + (FF_WEAPON_ONLY if kind in ("ff-melee", "ff-ranged") else ())
    bad = [p for p in parts if p not in allowed]
    if bad or len(parts) > 2:
        return (f"{text!r} is not a Fateforge face (one result or two split by '/', from "
                f"{', '.join(allowed)})")
    if len(parts) == 2 and "MISS" in parts:
        return f"{text!r}: a MISS cannot be half of a split face"
    return Face("/".join(parts), position, tuple(parts), split=len(parts) == 2)


def load_kinds(path: str | Path | None = None) -> dict[str, DieKind]:
    """Every die kind by name: the printed ones plus those read from the faces file.

    ``path`` defaults to ``$TABLETOP_DICE_FACES`` or the shipped placeholder file.  A
    malformed file raises :class:`LayoutError` naming the file, line, die and face.
    """
    chosen = path or os.environ.get(FACES_ENV)
    source = Path(chosen) if chosen else SHIPPED_FACES
    name = str(source)
    try:
        text = source.read_text(encoding="utf-8")
    except OSError as exc:
        raise LayoutError(f"cannot read the dice faces file ({exc.strerror})",
                          source=name) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"at line (\d+)", str(exc))
        raise LayoutError(f"not valid TOML: {exc}", source=name,
                          line=int(found.group(1)) if found else None) from None
    placeholder = data.get("placeholder", False)
    if not isinstance(placeholder, bool):
        raise LayoutError("placeholder must be true or false", source=name,
                          line=_line_of(text, "", "placeholder"))
    kinds = {kind.name: kind for kind in PRINTED}
    for key, value in data.items():
        if key == "placeholder":
            continue
        if key not in DATA_KINDS:
            raise LayoutError(f"[{key}] is not a die whose faces this file gives "
                              f"(known: {', '.join(DATA_KINDS)})",
                              source=name, line=_line_of(text, key))
        if not isinstance(value, dict) or set(value) != {"faces"}:
            raise LayoutError(f"[{key}] must hold exactly one key, faces = [six faces]",
                              source=name, line=_line_of(text, key))
        faces = value["faces"]
        if not isinstance(faces, list) or len(faces) != 6 or not all(
                isinstance(face, str) for face in faces):
            raise LayoutError(f"[{key}] faces must be a list of six strings",
                              source=name, line=_line_of(text, key, "faces"))
        parsed = []
        for position, face in enumerate(faces, start=1):
            result = _parse_face(face, key, position)
            if isinstance(result, str):
                raise LayoutError(f"[{key}] face {position}: {result}",
                                  source=name, line=_line_of(text, key, "faces"))
            parsed.append(result)
        game, colour, title = DATA_KINDS[key]
        kinds[key] = DieKind(key, game, colour, title, tuple(parsed), placeholder)
    missing = [key for key in DATA_KINDS if key not in kinds]
    if missing:
        raise LayoutError(f"the faces of {', '.join(missing)} are missing", source=name)
    return kinds


@cache
def default_kinds() -> dict[str, DieKind]:
    """The kinds used by rolls: :func:`load_kinds` of the configured file, read once."""
    return load_kinds()


def canonical(name: str) -> str:
    """The kind name that ``name`` (a kind or an alias, any case) stands for.

    Raises :class:`UsageError` naming the word when it is no die.
    """
    word = name.strip().lower()
    word = ALIASES.get(word, word)
    if word not in default_kinds():
        known = ", ".join(sorted(set(default_kinds()) | set(ALIASES)))
        raise UsageError(f"{name!r} is not a kind of die (known: {known})")
    return word


def get_kind(name: str) -> DieKind:
    """The :class:`DieKind` called ``name`` (aliases such as ``white`` allowed)."""
    return default_kinds()[canonical(name)]
