"""Printing for the command line: what a user reads in the terminal.

One line per message, whatever the text holds (a file name may carry a line break), and no
crash when the console cannot encode a character (it is written as a backslash escape).
"""

from __future__ import annotations

import sys


def one_line(text: str) -> str:
    """``text`` with its line breaks written as ``\\n`` and ``\\r``, so a message stays one line."""
    return text.replace("\r", "\\r").replace("\n", "\\n")


def say(text: str, *, error: bool = False) -> None:
    """Print ``text`` to standard output (standard error when ``error``, as one line
    prefixed ``tabletop:``); characters the stream cannot encode become backslash escapes."""
    stream = sys.stderr if error else sys.stdout
    if error:
        text = f"tabletop: {one_line(text)}"
    try:
        print(text, file=stream, flush=True)
    except UnicodeEncodeError:
        encoding = stream.encoding or "utf-8"
        print(text.encode(encoding, "backslashreplace").decode(encoding), file=stream,
              flush=True)
