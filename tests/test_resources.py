"""Shipped files are found through importlib.resources, by name, from any current folder."""

import tomllib
from pathlib import Path, PurePath

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop import resources
from tabletop.errors import LayoutError, TabletopError

ROOT = Path(__file__).resolve().parent.parent
REPO_LAYOUTS = sorted((ROOT / "layouts").glob("*.toml"))


def test_every_layout_of_the_repository_is_shipped_with_its_title_and_notes():
    listed = resources.shipped("layouts")
    assert [item.name for item in listed] == [path.stem for path in REPO_LAYOUTS]
    for item, path in zip(listed, REPO_LAYOUTS, strict=True):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert item.game == data["game"]
        assert item.title == " ".join(data["title"].split()) != ""
        assert item.notes == " ".join(data["notes"].split()) != ""


def test_the_default_layout_is_shipped():
    assert resources.find(resources.DEFAULT_LAYOUT) is not None


@pytest.mark.parametrize("word", ["clash-rule-herd", "clash-rule-herd.toml",
                                  "layouts/clash-rule-herd.toml", "layouts/clash-rule-herd"])
def test_a_name_finds_the_shipped_file_with_or_without_folder_and_suffix(word):
    found = resources.find(word)
    assert found is not None
    assert found.read_bytes() == (ROOT / "layouts" / "clash-rule-herd.toml").read_bytes()


@pytest.mark.parametrize("word", ["nope", "", "../layouts/clash-rule-herd.toml",
                                  "elsewhere/clash-rule-herd.toml", "/clash-rule-herd",
                                  "layouts/../clash-rule-herd", "__init__", "__init__.py",
                                  "clash-rule-herd.png", "a\x00b"])
def test_words_that_name_no_shipped_layout_find_nothing(word):
    assert resources.find(word) is None


def test_located_opens_a_shipped_layout_by_name_from_any_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with resources.located("clash-teaching") as path:
        assert Path(path).read_bytes() == (ROOT / "layouts" / "clash-teaching.toml").read_bytes()
        assert resources.is_shipped(path)


def test_a_real_file_wins_over_a_shipped_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("clash-teaching").write_text("mine", encoding="utf-8")
    with resources.located("clash-teaching") as path:
        assert path == "clash-teaching"


def test_a_missing_path_is_left_for_the_loader_to_report(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for word in ("no/such.toml", "nosuch.toml", "a\x00b/c"):
        with resources.located(word) as path:
            assert path == word


def test_an_unknown_bare_name_suggests_the_closest_shipped_names(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(LayoutError) as caught, resources.located("clash-teachin"):
        pass
    message = str(caught.value)
    assert message.startswith("clash-teachin: no such file, nor a shipped layout")
    assert "did you mean clash-teaching" in message and "tabletop layouts" in message


def test_a_very_long_or_unprintable_unknown_name_is_refused_briefly(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(LayoutError) as caught, resources.located("x" * 5000):
        pass
    assert "did you mean" not in str(caught.value) and len(str(caught.value)) < 200
    with pytest.raises(LayoutError) as caught, resources.located("bad\x1bname\n"):
        pass
    assert str(caught.value).startswith("'bad\\x1bname\\n': no such file")


def test_only_the_shipped_files_count_as_shipped(tmp_path):
    copy = tmp_path / "clash-teaching.toml"
    copy.write_bytes((ROOT / "layouts" / "clash-teaching.toml").read_bytes())
    assert not resources.is_shipped(copy)
    assert not resources.is_shipped(tmp_path / "missing.toml")
    assert not resources.is_shipped("a\x00b")
    shipped = Path(str(resources.folder("layouts"))) / "joust-setup.toml"
    assert resources.is_shipped(shipped) and resources.is_shipped(str(shipped))


def test_program_data_is_read_from_the_package():
    faces = resources.data_file("dice-faces.toml").read_text(encoding="utf-8")
    assert faces == (ROOT / "tabletop" / "data" / "dice-faces.toml").read_text(encoding="utf-8")


def test_an_unknown_collection_is_a_programming_error():
    with pytest.raises(ValueError):
        resources.folder("lessons-that-do-not-exist")


def test_an_install_without_the_packaged_layouts_says_to_reinstall(monkeypatch):
    def missing(name):
        raise ModuleNotFoundError(name)

    monkeypatch.setattr(resources, "_package_folder", missing)
    with pytest.raises(TabletopError, match="install it again"):
        resources.shipped("layouts")


def test_no_module_finds_files_relative_to_the_source_tree():
    """Shipped files are found through importlib.resources only: a path built from
    ``__file__`` breaks as soon as the program is installed from a wheel."""
    modules = sorted((ROOT / "tabletop").rglob("*.py"))
    assert modules
    assert [str(p.relative_to(ROOT)) for p in modules if "__file__" in p.read_text("utf-8")] == []


@pytest.mark.parametrize("word", ["", ".", "/", "//", "///", "a", "a/", "./a", "a/./b", "a//b",
                                  "//a/b", "///a", "/a/../b", "..", "layouts/x.toml/",
                                  "a\x00b", "é/ü", " a / b "])
def test_the_parts_of_a_word_are_pathlibs(word):
    assert resources._parts(word) == PurePath(word).parts


@given(st.text(alphabet="ab./\x00 ", max_size=12))
def test_the_parts_of_any_word_are_pathlibs(word):
    assert resources._parts(word) == PurePath(word).parts


@pytest.mark.parametrize("word", ["", ".", "layouts", "layouts/", "layouts//clash-teaching.toml",
                                  "./layouts/./clash-teaching.toml", "layouts/clash-teaching.toml/",
                                  "layouts/nope.toml", "a\x00b", "x" * 5000])
def test_something_exists_at_a_word_as_pathlib_says(word, monkeypatch):
    monkeypatch.chdir(ROOT)
    try:
        expected = Path(word).exists()
    except (OSError, ValueError):
        expected = False
    assert resources._exists(word) == expected


def test_a_checkout_installed_editable_reads_its_top_level_folders(tmp_path, monkeypatch):
    """``pip install -e .`` puts the checkout on ``sys.path`` (setup.py), where ``layouts/`` is
    no package of tabletop: the folder beside the package is read, and only in a checkout."""
    real = resources._package_folder

    def as_checkout(package):
        if package.startswith("tabletop."):
            raise ModuleNotFoundError(package)
        return real(package)

    monkeypatch.setattr(resources, "_package_folder", as_checkout)
    assert Path(str(resources.folder("layouts"))) == ROOT / "layouts"
    assert Path(str(resources.folder("lessons"))) == ROOT / "lessons"
    with resources.located("clash-teaching") as path:
        assert Path(path) == ROOT / "layouts" / "clash-teaching.toml"
    elsewhere = tmp_path / "site-packages"
    (elsewhere / "tabletop").mkdir(parents=True)
    (elsewhere / "layouts").mkdir()
    (elsewhere / "layouts" / "__init__.py").write_text("")
    monkeypatch.setattr(resources, "_package_folder",
                        lambda package: str(elsewhere / "tabletop") if package == "tabletop"
                        else as_checkout(package))
    with pytest.raises(TabletopError, match="install it again"):
        resources.folder("layouts")  # a folder named layouts beside an installed package
