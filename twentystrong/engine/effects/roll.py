"""Handlers of roll manipulation: kept faces, inverted results, forced rerolls, roll tests."""

from __future__ import annotations
