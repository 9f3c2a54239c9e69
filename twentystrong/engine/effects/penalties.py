"""Handlers of penalties: Health lost per miss, no recovery, items blocked, banishing dice, extra enemies, auras."""

from __future__ import annotations
