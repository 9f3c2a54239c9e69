"""Handlers of apply restrictions: limits per step or card, colour rules, pairs, crits, misses showing."""

from __future__ import annotations
