"""Hoplomachus Victorum's ladder (HV13): difficulty X, 0–4, a win up one, a loss down one, assisted games excepted;
there are no missions in this deck, so nothing else holds it back."""

from __future__ import annotations

from twentystrong.record.ladder import LadderRule

LADDER = LadderRule("difficulty", 0, 4, {}, option="difficulty")
"""Its ladder (``difficulty 2``)."""
