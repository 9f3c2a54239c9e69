"""Handlers of stack and boss effects: discarding stack tops, revealing the boss."""

from __future__ import annotations
