"""Dice moves between the play zones and a reserve of dice (Hoplomachus Victorum's training grounds, hoplomachus.md
"Dice moves of this deck"): recruit, dismiss, strengthen, weaken. General operations: any ruleset with a reserve
zone (``Ruleset.dice_zones``) may use them; each move is a ``DieMoved`` event (the one writer of state).

- **Recruit**: the weakest die there (yellow before green … before red, then by id), or the weakest of a colour a
  card names, moves from the reserve to a zone (the pool by default). None there: nothing happens.
- **Dismiss**: a die of the player's choice that is neither banished nor applied moves to the reserve.
- **Strengthen / weaken**: dismiss a die, then recruit the die of the next stronger / weaker colour into the zone
  the old die was in. If the reserve holds no die of that colour, nothing happens at all (HV12; red cannot be
  strengthened, yellow cannot be weakened).
"""

from __future__ import annotations

from twentystrong.content.effects import COLORS, Color
from twentystrong.engine import events as ev
from twentystrong.engine.dice import STRENGTH
from twentystrong.engine.state import DieState, GameState
from twentystrong.engine.tx import Tx

RESERVE = "training"
"""The usual name of the reserve zone (Hoplomachus Victorum's training grounds)."""


def recruitable(s: GameState, *, color: Color | None = None, reserve: str = RESERVE) -> DieState | None:
    """The die a recruit would take: the weakest in the reserve (of ``color``, if a card names one), or None."""
    there = [d for d in s.dice_in(reserve) if color is None or d.color == color]
    return min(there, key=lambda d: (STRENGTH[d.color], d.id)) if there else None


def dismissable(s: GameState) -> list[str]:
    """The dice a dismiss may take: those in the pool, the active area (committed, unapplied) or the exhausted area
    (neither banished nor applied, nor in a reserve already)."""
    return [d.id for d in s.dice if d.zone in ("pool", "active", "exhausted")]


def recruit(
    tx: Tx, *, color: Color | None = None, into: str = "pool", reserve: str = RESERVE, reason: str = "recruit"
) -> str | None:
    """Recruit a die (see the module docstring); the die recruited, or None when the reserve had none."""
    die = recruitable(tx.state, color=color, reserve=reserve)
    if die is None:
        return None
    tx.emit(ev.DieMoved, die=die.id, zone=into, reason=reason)
    return die.id


def dismiss(tx: Tx, die: str, *, reserve: str = RESERVE, reason: str = "dismiss") -> bool:
    """Dismiss a die to the reserve (refused, False, for a banished or applied die)."""
    if die not in dismissable(tx.state):
        return False
    tx.emit(ev.DieMoved, die=die, zone=reserve, reason=reason)
    return True


def strengthen(tx: Tx, die: str, *, reserve: str = RESERVE) -> str | None:
    """Swap a die for one of the next stronger colour from the reserve (HV12); the new die, or None (nothing
    happened)."""
    return _swap(tx, die, +1, reserve)


def weaken(tx: Tx, die: str, *, reserve: str = RESERVE) -> str | None:
    """Swap a die for one of the next weaker colour from the reserve (HV12); the new die, or None (nothing
    happened)."""
    return _swap(tx, die, -1, reserve)


def _swap(tx: Tx, die_id: str, step: int, reserve: str) -> str | None:
    s = tx.state
    die = s.die(die_id)
    strength = STRENGTH[die.color] + step
    if not 0 <= strength < len(COLORS) or die_id not in dismissable(s):
        return None  # HV12: red cannot be strengthened, yellow cannot be weakened; banished or applied: no dismiss
    color = next(c for c in COLORS if STRENGTH[c] == strength)
    if recruitable(s, color=color, reserve=reserve) is None:
        return None  # nothing of that colour in the reserve: nothing happens
    word = "strengthen" if step > 0 else "weaken"
    dismiss(tx, die_id, reserve=reserve, reason=word)
    return recruit(tx, color=color, into=die.zone, reserve=reserve, reason=word)
