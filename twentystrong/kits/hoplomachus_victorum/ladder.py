"""Hoplomachus Victorum's ladder (HV13): difficulty X, 0–4, a win up one, a loss down one, assisted games excepted;
there are no missions in this deck, so nothing else holds it back."""

from __future__ import annotations

from twentystrong.i18n import N_
from twentystrong.record.ladder import LadderRule

LADDER = LadderRule(
    N_("difficulty"), 0, 4, {}, option="difficulty"
)  # the kind, a record key: said through _() where shown
"""Its ladder (``difficulty 2``)."""
