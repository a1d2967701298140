"""Controllers: pygame events in, rules-core actions out (via the session), never state edits."""
