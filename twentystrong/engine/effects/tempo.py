"""Handlers of defeat and tempo: one defeat per step, linked defeats, returning to the stack, fleeing."""

from __future__ import annotations
