"""Where each key of a TOML text is defined, for error messages (``tomllib`` keeps no
positions).

A hand-written scanner, one pass over the text with no regular expression and no
backtracking, so the time it takes grows with the length of the text and nothing else,
whatever the text holds.  It is only ever asked about a text ``tomllib`` has parsed or about
shipped data; on anything unexpected it skips to the next line rather than fail.
"""

from __future__ import annotations

import tomllib

KeyPath = tuple[str | int, ...]

_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_BLANK = " \t\r"


def key_lines(text: str) -> dict[KeyPath, int]:
    """The 1-based line defining each table header and key of ``text``, by key path:
    ``("knights", 1, "at")`` for the ``at`` key of the second ``[[knights]]`` table."""
    scanner = _Scanner(text)
    return scanner.run()


class _Scanner:
    """Walks TOML text once, recording the line of each table header and key (see
    :func:`key_lines`)."""

    def __init__(self, text: str):
        self.text = text
        self.pos = 0
        self.line = 1
        self.lines: dict[KeyPath, int] = {}
        self.counts: dict[KeyPath, int] = {}  # elements seen of each array of tables
        self.latest: dict[tuple[str, ...], int] = {}  # latest element index, by header name
        self.current: KeyPath = ()

    def run(self) -> dict[KeyPath, int]:
        text, size = self.text, len(self.text)
        while self.pos < size:
            char = text[self.pos]
            if char in _BLANK:
                self.pos += 1
            elif char == "\n":
                self.pos += 1
                self.line += 1
            elif char == "#":
                self.skip_line()
            elif char == "[":
                self.header()
            else:
                self.key_value()
        return self.lines

    def skip_line(self) -> None:
        end = self.text.find("\n", self.pos)
        self.pos = len(self.text) if end < 0 else end  # the newline is counted by run()

    def header(self) -> None:
        line = self.line
        array = self.text.startswith("[[", self.pos)
        self.pos += 2 if array else 1
        names = self.keys()
        self.skip_line()
        if not names:
            return
        parent: KeyPath = ()
        for depth in range(len(names) - 1):
            parent = (*parent, names[depth])
            if names[:depth + 1] in self.latest:  # inside the latest array element
                parent = (*parent, self.latest[names[:depth + 1]])
        if array:
            index = self.counts.get((*parent, names[-1]), 0)
            self.counts[(*parent, names[-1])] = index + 1
            self.latest[names] = index
            self.current = (*parent, names[-1], index)
        else:
            self.current = (*parent, names[-1])
        self.lines.setdefault(self.current, line)

    def key_value(self) -> None:
        line = self.line
        names = self.keys()
        if not names or not self.text.startswith("=", self.pos):
            self.skip_line()
            return
        for end in range(1, len(names) + 1):
            self.lines.setdefault((*self.current, *names[:end]), line)
        self.pos += 1
        self.value()

    def keys(self) -> tuple[str, ...]:
        """A dotted key at ``pos`` (bare, "basic" or 'literal' parts); stops before the
        first character that cannot continue it."""
        text, size = self.text, len(self.text)
        names: list[str] = []
        while True:
            while self.pos < size and text[self.pos] in " \t":
                self.pos += 1
            if self.pos >= size:
                break
            char = text[self.pos]
            if char in _BARE:
                start = self.pos
                while self.pos < size and text[self.pos] in _BARE:
                    self.pos += 1
                names.append(text[start:self.pos])
            elif char in "\"'":
                names.append(self.quoted_key(char))
            else:
                break
            while self.pos < size and text[self.pos] in " \t":
                self.pos += 1
            if not text.startswith(".", self.pos):
                break
            self.pos += 1
        return tuple(names)

    def quoted_key(self, quote: str) -> str:
        text = self.text
        start = self.pos + 1
        end = start
        newline = text.find("\n", start)
        while True:
            end = text.find(quote, end)
            if end < 0 or 0 <= newline < end:  # unterminated: leave the rest of the line
                self.pos = len(text) if newline < 0 else newline
                return text[start:self.pos]
            if quote == '"' and _escaped(text, start, end):
                end += 1
                continue
            break
        self.pos = end + 1
        raw = text[start:end]
        if quote == '"' and "\\" in raw:
            try:
                return tomllib.loads(f'k = "{raw}"')["k"]
            except tomllib.TOMLDecodeError:
                return raw
        return raw

    def value(self) -> None:
        """Skip the value after ``=`` up to the end of its statement: strings (also
        multi-line ones), comments and brackets spanning lines are stepped over."""
        text, size = self.text, len(self.text)
        depth = 0
        while self.pos < size:
            char = text[self.pos]
            if char == "\n":
                if depth == 0:
                    return
                self.line += 1
                self.pos += 1
            elif char == "#":
                self.skip_line()
            elif char in "\"'":
                self.string(char)
            elif char in "[{":
                depth += 1
                self.pos += 1
            elif char in "]}":
                depth = max(0, depth - 1)
                self.pos += 1
            else:
                self.pos += 1

    def string(self, quote: str) -> None:
        text = self.text
        if text.startswith(quote * 3, self.pos):
            start = self.pos + 3
            end = start
            while True:
                end = text.find(quote * 3, end)
                if end < 0:
                    end = len(text)
                    break
                if quote == '"' and _escaped(text, start, end):
                    end += 1
                    continue
                break
            while text.startswith(quote, end + 3):  # up to two quotes may end the content
                end += 1
            self.line += text.count("\n", self.pos, end)
            self.pos = min(len(text), end + 3)
            return
        start = self.pos + 1
        end = start
        newline = text.find("\n", start)
        while True:
            end = text.find(quote, end)
            if end < 0 or 0 <= newline < end:
                self.pos = len(text) if newline < 0 else newline
                return
            if quote == '"' and _escaped(text, start, end):
                end += 1
                continue
            break
        self.pos = end + 1


def _escaped(text: str, start: int, at: int) -> bool:
    """Whether the character at ``at`` follows an odd number of backslashes (after
    ``start``)."""
    count = 0
    while at - 1 - count >= start and text[at - 1 - count] == "\\":
        count += 1
    return count % 2 == 1
