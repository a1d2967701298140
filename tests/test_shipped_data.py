"""The program's own data files are parsed once and kept beside the byte code
(``tabletop.games.shippeddata``): a later run with the same text reads the kept document, a
changed text or a broken kept file is parsed anew, and nothing is written when byte code is
not to be written."""

import marshal
import sys

import pytest

from tabletop.games import shippeddata
from tabletop.games.joust import cards
from tabletop.games.shippeddata import parse_shipped

TEXT = 'set = "examples"\n[[knight]]\nname = "Ser Ada"\nmight = 3\n'


@pytest.fixture
def writing(monkeypatch):
    """Byte code (and so the kept documents) written, as in an installed program."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)


def test_a_document_is_kept_and_read_back_without_parsing(tmp_path, monkeypatch, writing):
    first = parse_shipped("cards.toml", TEXT, str(tmp_path))
    assert first == {"set": "examples", "knight": [{"name": "Ser Ada", "might": 3}]}
    assert (tmp_path / "cards.toml.marshal").exists()

    def no_parsing(text, name):
        raise AssertionError("parsed again")

    monkeypatch.setattr(shippeddata, "parse_toml", no_parsing)
    assert parse_shipped("cards.toml", TEXT, str(tmp_path)) == first


def test_a_changed_text_is_parsed_anew_and_kept(tmp_path, writing):
    parse_shipped("cards.toml", TEXT, str(tmp_path))
    changed = TEXT.replace("might = 3", "might = 4")
    assert parse_shipped("cards.toml", changed, str(tmp_path))["knight"][0]["might"] == 4
    kept = marshal.loads((tmp_path / "cards.toml.marshal").read_bytes())
    assert kept[2] == changed


@pytest.mark.parametrize("kept", [b"not marshal", marshal.dumps(("tabletop shipped data", 1)),
                                  marshal.dumps((("tabletop shipped data", 1), 0, TEXT, {}))])
def test_a_broken_or_foreign_kept_file_is_not_used(tmp_path, writing, kept):
    (tmp_path / "cards.toml.marshal").write_bytes(kept)
    assert parse_shipped("cards.toml", TEXT, str(tmp_path))["set"] == "examples"


def test_nothing_is_written_when_byte_code_is_not(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    assert parse_shipped("cards.toml", TEXT, str(tmp_path))["set"] == "examples"
    assert list(tmp_path.iterdir()) == []


def test_a_document_marshal_cannot_hold_is_parsed_every_time(tmp_path, writing):
    dated = "when = 2026-12-01\n"
    assert str(parse_shipped("dated.toml", dated, str(tmp_path))["when"]) == "2026-12-01"
    assert list(tmp_path.iterdir()) == []


def test_the_shipped_card_file_reads_the_same_kept_or_parsed(tmp_path, writing):
    text = cards.resources.data_file(cards.SHIPPED).read_text(encoding="utf-8")
    parsed = parse_shipped(cards.SHIPPED, text, str(tmp_path))
    assert parse_shipped(cards.SHIPPED, text, str(tmp_path)) == parsed
    assert parsed == shippeddata.parse_toml(text, cards.SHIPPED)
