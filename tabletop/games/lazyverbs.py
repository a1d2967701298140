"""A game's ``tabletop query`` verbs, some of them loaded only when first asked for.

A verb whose module pulls in much of its game (the Clash's rules and rolls verbs import the
cards, the attack sequence and the dice) is registered here by name; its module is imported
the first time the verb itself is looked up, so a question that never names it (``range A1
A2``) never pays for it.  Listing the names costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence

from tabletop.games.contract import Verb


class LazyVerbs(Mapping[str, Verb]):
    """The verbs ``loaded`` (by name) followed by the verbs named in ``deferred``, in that
    order; ``load(name)`` returns a deferred verb, called once per name on its first look-up."""

    def __init__(self, loaded: Mapping[str, Verb], deferred: Sequence[str],
                 load: Callable[[str], Verb]) -> None:
        self._verbs: dict[str, Verb | None] = {**loaded, **dict.fromkeys(deferred)}
        self._load = load

    def __getitem__(self, name: str) -> Verb:
        verb = self._verbs[name]
        if verb is None:
            verb = self._verbs[name] = self._load(name)
        return verb

    def __iter__(self) -> Iterator[str]:
        return iter(self._verbs)

    def __len__(self) -> int:
        return len(self._verbs)

    def __contains__(self, name: object) -> bool:
        return name in self._verbs

    def __repr__(self) -> str:
        return f"LazyVerbs({list(self._verbs)!r})"
