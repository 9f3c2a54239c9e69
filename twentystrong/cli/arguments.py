"""Argument types shared by several subcommands (each gives argparse a clear message for bad input)."""

from __future__ import annotations

import argparse
from datetime import date


def iso_date(text: str) -> date:
    """A ``YYYY-MM-DD`` date."""
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"the date must be YYYY-MM-DD, not {text!r}") from None
