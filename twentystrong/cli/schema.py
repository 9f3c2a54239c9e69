"""``twentystrong schema``: print the JSON Schema of deck files (the committed copy is ``content/schema.json``)."""

from __future__ import annotations

import argparse
import sys

from twentystrong.content.schema import render_schema


def configure(parser: argparse.ArgumentParser) -> None:
    """``twentystrong schema`` takes no arguments."""
    parser.epilog = "regenerate the committed copy with: twentystrong schema > content/schema.json"


def run(args: argparse.Namespace) -> int:
    """Print the schema; always succeeds."""
    # Bytes, not text: the schema quotes docstrings with non-ASCII characters (–, ↔), and a redirect under a
    # non-UTF-8 locale must still produce the exact UTF-8 file the drift test compares against.
    sys.stdout.flush()
    sys.stdout.buffer.write(render_schema().encode("utf-8"))
    sys.stdout.buffer.flush()
    return 0
