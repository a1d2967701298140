"""Docstrings and docs stand alone (docs/architecture.md, *Other conventions*): they cite the
rule and the rulebook section, never the tracker's issue numbers."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ISSUE = re.compile(r"\bissues? #?\d+\b", re.IGNORECASE)


def _sources():
    for folder, pattern in (("tabletop", "*.py"), ("tests", "*.py"), ("docs", "*.md")):
        yield from sorted((ROOT / folder).rglob(pattern))
    yield ROOT / "README.md"


def test_no_issue_numbers_in_code_or_docs():
    found = []
    for path in _sources():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if ISSUE.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "cite the rule and the rulebook section instead:\n" + "\n".join(found)
