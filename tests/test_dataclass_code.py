"""The cache of the code ``dataclasses`` compiles (tabletop/dataclass_code.py): a class made
through it is the class the built-in makes, the code is read back in the next run, and a bad,
foreign or oversized file, an unwritable folder and ``-B`` cost only time."""

import ast
import dataclasses
import json
import marshal
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

import tabletop
from tabletop import dataclass_code
from tabletop.dataclass_code import CodeCache

MODULE = "tabletop.probe_dataclass_code"


@pytest.fixture(autouse=True)
def _byte_code_written(monkeypatch):
    """Byte code may be written (as without ``-B``), whatever the environment of the tests."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)


def _make(module_name: str = MODULE) -> type:
    """A frozen dataclass with defaults, made in a module named ``module_name``."""
    module = types.ModuleType(module_name)
    sys.modules[module_name] = module
    try:
        exec("from __future__ import annotations\n"
             "import dataclasses\n"
             "@dataclasses.dataclass(frozen=True)\n"
             "class Piece:\n"
             "    '''A piece.'''\n"
             "    name: str\n"
             "    size: int = 1\n"
             "    marks: tuple = ()\n", module.__dict__)
    finally:
        del sys.modules[module_name]
    return module.Piece


def _made_with(monkeypatch: pytest.MonkeyPatch, cache: CodeCache | None,
               module_name: str = MODULE) -> type:
    """The class of :func:`_make` made through ``cache`` (``None``: the built-in ``exec``)."""
    with monkeypatch.context() as patch:
        if cache is None:
            patch.delattr(dataclasses, "exec", raising=False)
        else:
            patch.setattr(dataclasses, "exec", cache.exec, raising=False)
        return _make(module_name)


def _behaviour(cls: type) -> tuple:
    """What a program can tell of a class: construction, equality, hash, repr, fields,
    replace, immutability and the annotations of ``__init__``."""
    one, same, other = cls("Boss", 2), cls("Boss", 2), cls("Mob")
    with pytest.raises(dataclasses.FrozenInstanceError):
        one.size = 3
    with pytest.raises(TypeError):
        cls()
    return (one == same, one == other, hash(one) == hash(same), repr(one), repr(other),
            [(f.name, f.default) for f in dataclasses.fields(cls)],
            repr(dataclasses.replace(one, size=5)), cls.__init__.__annotations__,
            cls.__match_args__, cls.__init__.__qualname__)


def test_the_program_makes_its_dataclasses_through_the_cache():
    assert isinstance(dataclasses.exec.__self__, CodeCache)
    assert dataclass_code.install() is None  # installed once, when tabletop was imported
    assert tabletop.__version__


def test_a_class_made_through_the_cache_is_the_class_the_builtin_makes(monkeypatch):
    cache = CodeCache(None)
    cached = _made_with(monkeypatch, cache)
    again = _made_with(monkeypatch, cache)
    builtin = _made_with(monkeypatch, None)
    assert cache.compiled == 6  # __init__, __repr__, __eq__, __hash__, __setattr__, __delattr__
    assert _behaviour(cached) == _behaviour(again) == _behaviour(builtin)
    # the module's ``from __future__ import annotations`` does not reach the method texts
    assert cached.__init__.__annotations__ == {"name": "str", "size": "int", "marks": "tuple",
                                               "return": None}


def test_code_is_read_back_by_the_next_run(monkeypatch, tmp_path):
    first = CodeCache(str(tmp_path))
    _made_with(monkeypatch, first)
    assert first.save() == 1
    assert (tmp_path / f"{MODULE}.marshal").is_file()
    second = CodeCache(str(tmp_path))
    made = _made_with(monkeypatch, second)
    assert second.compiled == 0
    assert second.save() == 0  # nothing new: the file is not written again
    assert _behaviour(made) == _behaviour(_made_with(monkeypatch, None))


def test_a_class_outside_the_program_goes_to_the_builtin(monkeypatch, tmp_path):
    cache = CodeCache(str(tmp_path))
    made = _made_with(monkeypatch, cache, module_name="someone_else")
    assert cache.compiled == 0 and cache.save() == 0
    assert _behaviour(made) == _behaviour(_made_with(monkeypatch, None, "someone_else"))


def _file(tmp_path) -> str:
    return str(tmp_path / f"{MODULE}.marshal")


@pytest.mark.parametrize("content", [
    b"",
    b"\x00garbage\xff" * 10,
    marshal.dumps(("tabletop dataclass code", 1, {"text": b"x"}))[:-3],
    marshal.dumps(("another format", 1, {})),
    marshal.dumps((("tabletop dataclass code", 1), sys.hexversion - 1, {})),
    marshal.dumps((("tabletop dataclass code", 1), sys.hexversion, ["not", "a", "dict"])),
    marshal.dumps(12),
], ids=["empty", "garbage", "truncated", "other-format", "other-python", "not-a-dict", "int"])
def test_a_bad_file_costs_only_time(monkeypatch, tmp_path, content):
    with open(_file(tmp_path), "wb") as out:
        out.write(content)
    cache = CodeCache(str(tmp_path))
    made = _made_with(monkeypatch, cache)
    assert cache.compiled == 6
    assert _behaviour(made) == _behaviour(_made_with(monkeypatch, None))
    assert cache.save() == 1  # replaced by a good one
    assert CodeCache(str(tmp_path))._read(MODULE)


def test_entries_that_are_not_code_are_not_used(monkeypatch, tmp_path):
    good = CodeCache(str(tmp_path))
    _made_with(monkeypatch, good)
    good.save()
    with open(_file(tmp_path), "rb") as file:
        form, version, entries = marshal.loads(file.read())
    spoilt = {text: marshal.dumps(7) if i % 2 else b"\x00\x01" for i, text in enumerate(entries)}
    spoilt[3] = b"a key that is not a text"
    with open(_file(tmp_path), "wb") as out:
        out.write(marshal.dumps((form, version, spoilt)))
    cache = CodeCache(str(tmp_path))
    made = _made_with(monkeypatch, cache)
    assert cache.compiled == 6
    assert _behaviour(made) == _behaviour(_made_with(monkeypatch, None))


def test_an_oversized_file_is_not_read(monkeypatch, tmp_path):
    with open(_file(tmp_path), "wb") as out:
        out.truncate(dataclass_code.MAX_FILE_BYTES + 1)
    cache = CodeCache(str(tmp_path))
    _made_with(monkeypatch, cache)
    assert cache.compiled == 6


def test_nothing_is_written_when_python_writes_no_byte_code(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    cache = CodeCache(str(tmp_path))
    _made_with(monkeypatch, cache)
    assert cache.save() == 0
    assert os.listdir(tmp_path) == []


def test_an_unwritable_folder_is_not_an_error(monkeypatch, tmp_path):
    blocked = tmp_path / "a-file-not-a-folder"
    blocked.write_text("x")
    cache = CodeCache(str(blocked / "cache"))
    made = _made_with(monkeypatch, cache)
    assert cache.save() == 0
    assert sorted(os.listdir(tmp_path)) == ["a-file-not-a-folder"]  # no temporary file left
    assert _behaviour(made) == _behaviour(_made_with(monkeypatch, None))


def test_too_many_texts_for_a_module_keep_only_this_runs(monkeypatch, tmp_path):
    monkeypatch.setattr(dataclass_code, "MAX_ENTRIES", 8)
    stale = {f"# an old text {i}\n": marshal.dumps(compile("", "<string>", "exec"))
             for i in range(5)}
    with open(_file(tmp_path), "wb") as out:
        out.write(marshal.dumps((("tabletop dataclass code", 1), sys.hexversion, stale)))
    cache = CodeCache(str(tmp_path))
    _made_with(monkeypatch, cache)
    assert cache.save() == 1
    kept = CodeCache(str(tmp_path))._read(MODULE)
    assert len(kept) == 6 and not set(kept) & set(stale)


def test_the_files_are_kept_with_the_package_byte_code():
    folder = dataclass_code.default_folder()
    assert folder is not None
    assert os.path.dirname(folder) == os.path.dirname(dataclass_code.__spec__.cached)
    assert os.path.basename(folder) == f"dataclass-code.{sys.implementation.cache_tag}"


def _fresh_python(script: str) -> str:
    """What ``script`` prints when run by a new interpreter (nothing imported before)."""
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True).stdout


def test_dataclasses_is_imported_without_inspect_which_loads_when_first_asked():
    script = ("import sys, json\n"
              "import tabletop, dataclasses\n"
              "before = 'inspect' in sys.modules\n"
              "@dataclasses.dataclass\n"
              "class Undocumented:\n"
              "    size: int\n"
              "    name: str = 'x'\n"
              "import inspect\n"
              "print(json.dumps([before, Undocumented.__doc__,\n"
              "                  dataclasses.inspect.signature is inspect.signature,\n"
              "                  callable(inspect.signature), inspect.__name__]))")
    before, doc, same, callable_, name = json.loads(_fresh_python(script))
    assert before is False
    assert doc == "Undocumented(size: int, name: str = 'x')"  # as the standard library writes it
    assert same and callable_ and name == "inspect"


def test_inspect_imported_before_tabletop_is_the_real_module():
    script = ("import inspect, sys\nimport tabletop, dataclasses, tabletop.ui\n"
              "print(dataclasses.inspect is inspect is sys.modules['inspect'])")
    assert _fresh_python(script).strip() == "True"


def test_every_class_of_the_program_has_a_docstring():
    """A dataclass without one makes ``dataclasses`` import ``inspect`` to write its
    signature there; and a class should say what it holds."""
    package = Path(tabletop.__file__).parent
    missing = []
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and ast.get_docstring(node) is None:
                missing.append(f"{path.relative_to(package)}:{node.lineno} {node.name}")
    assert missing == []


def test_a_stand_in_answers_as_the_real_module_and_leaves_no_trace():
    script = ("import sys, json\nfrom tabletop import standin\n"
              "assert standin.stand_in('sys') is None  # imported already: nothing done\n"
              "held = standin.stand_in('colorsys')\n"
              "standin.withdraw(held)\n"
              "before = 'colorsys' in sys.modules\n"
              "answer = held.rgb_to_hsv(1, 0, 0)\n"
              "import colorsys\n"
              "print(json.dumps([before, answer, colorsys.rgb_to_hsv is held.rgb_to_hsv,\n"
              "                  type(colorsys).__name__]))")
    assert json.loads(_fresh_python(script)) == [False, [0.0, 1.0, 1], True, "module"]
