"""Handlers of single-use and ongoing item effects the player uses: defeat, discard, set Health, face changes, etc."""

from __future__ import annotations
