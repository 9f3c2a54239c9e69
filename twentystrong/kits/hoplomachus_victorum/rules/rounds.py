"""A round of Hoplomachus Victorum up to the engagement (hoplomachus.md "Activation: move, then act").

- **move** (step ``move``): the chip moves to a camp that can be entered (HV4–HV6), once a round;
- **arrive** (step ``arrive``): activate the camp's top card, spectate it, or fight the Primus waiting there;
- **reinforce** (step ``reinforce``): each +N adds Bloodshed or Sport cards from the tops of the camps next to the
  card's own camp, one at a time, depth-first; nothing next to it: the rest are ignored;
- **opportunity** (step ``opportunity``): an activated Opportunity is kept (an item) or discarded;
- **spectate** (steps ``spectating`` and ``spectate_reward``): the Scion's penalty, the top discarded unplayed, then
  recover a die or gain 1 Health.

A round with no enemy active has no engagement (HV7): it ends there, without Strategy or Resolve.
"""

from __future__ import annotations

from typing import Any

from twentystrong.engine import events as ev
from twentystrong.engine import flow
from twentystrong.engine.commands import Command
from twentystrong.engine.state import GameState
from twentystrong.engine.tx import Tx
from twentystrong.i18n import _
from twentystrong.kits.hoplomachus_victorum.content import scion_by_id
from twentystrong.kits.hoplomachus_victorum.rules.events import (
    SPECTATED_HEALTH,
    CampTopDiscarded,
    Moved,
    OpportunityDecided,
    OpportunityDrawn,
    PlusAdded,
    PlusSpent,
    PrimusFight,
    Spectated,
)
from twentystrong.kits.hoplomachus_victorum.rules.fights import next_effect, start_final
from twentystrong.kits.hoplomachus_victorum.rules.pyramid import ADJACENT, BY_ID, CAMPS, IDS
from twentystrong.kits.hoplomachus_victorum.rules.table import (
    camp_card,
    enterable,
    is_enemy_card,
    moved,
    primus_left,
    table,
)

# --- the start of a round -------------------------------------------------------------------------------------------


def round_start(tx: Tx) -> bool:
    """A fight in progress goes on without Activation (the endgame-round rules); once every Primus is beaten the
    final fight begins; otherwise the player moves."""
    s = tx.state
    t = table(s)
    if t.fight and any(not c.defeated for c in s.active):
        flow.begin_engagement(tx)
    elif not primus_left(t) and t.fight != "final":
        start_final(tx)
    else:
        tx.emit(ev.StepChanged, step="move")
    return True


# --- move -----------------------------------------------------------------------------------------------------------


def move_commands(s: GameState) -> list[Command]:
    """A ``move`` to each camp that can be entered."""
    return [Command("move", camp=IDS[k]) for k in enterable(s)]


def move_step(tx: Tx) -> bool:
    """Wait for the move; once made (or made by an effect), arrive."""
    if moved(tx.state):
        tx.emit(ev.StepChanged, step="arrive")
        return True
    return False


def _move(tx: Tx, c: Command) -> None:
    tx.emit(Moved, camp=str(c.camp), reason="move")


def _move_details(s: GameState) -> dict[str, Any]:
    t = table(s)
    camps = enterable(s)
    return {
        "position": IDS[t.position] if t.position is not None and t.position < CAMPS else None,
        "camps": [IDS[k] for k in camps],
        "text": move_text(s, camps),
    }


def move_text(s: GameState, camps: list[int]) -> str:
    """The move prompt says what it offers: the bottom row at the first move, the camps next to the chip's, or (HV6)
    any camp that can be entered when none next to it can."""
    t = table(s)
    if t.position is None:
        return _("Move to a camp of the bottom row.")
    if t.position >= CAMPS:
        return _("Move to a camp that can be entered.")
    here = IDS[t.position]
    if all(k in ADJACENT[t.position] for k in camps):
        return _("Move to a camp next to yours ({camp}).").format(camp=here)
    if camps == [t.position]:  # HV6, HV17: nowhere else can be entered
        return _("No other camp can be entered: you stay at camp {camp}.").format(camp=here)
    return _("No camp next to yours ({camp}) can be entered: move to any camp that can.").format(camp=here)


# --- arrive: activate, spectate or fight ------------------------------------------------------------------------------


def here(s: GameState) -> int:
    """The camp the chip marks."""
    position = table(s).position
    assert position is not None and position < CAMPS
    return position


def arrive_commands(s: GameState) -> list[Command]:
    """Activate the top card, spectate (a camp needs a top card), or fight the Primus waiting there."""
    t = table(s)
    k = here(s)
    out = []
    if t.camps[k]:
        out += [Command("activate"), Command("spectate")]
    if t.primus[k] is not None:
        out.append(Command("fight_primus"))
    return out


def arrive_step(tx: Tx) -> bool:
    """Wait for the choice; a camp an effect emptied under the chip leaves nothing to do: the round ends."""
    if arrive_commands(tx.state):
        return False
    carry_owed(tx)  # HV15
    flow.end_round(tx)
    return True


def _arrive_details(s: GameState) -> dict[str, Any]:
    t = table(s)
    k = here(s)
    return {"camp": IDS[k], "top": t.top(k), "primus": t.primus[k], "choices": [c.cmd for c in arrive_commands(s)]}


def _owed(s: GameState) -> int:
    """Enemies owed this round beyond the first (an extra enemy next round), before the first activation."""
    return max(0, s.pending_activations - 1)


def _activate(tx: Tx, c: Command) -> None:
    """``activate``: the top card of the chip's camp (an enemy, or an Opportunity to keep or discard); in the
    reinforce step, the command names the camp an added enemy comes from."""
    if c.camp is not None:
        k = BY_ID[str(c.camp)]
        t = table(tx.state)
        flow.activate_card(tx, t.camps[k][0], pile=k + 1, revealed=t.under_top(k))
        return
    k = here(tx.state)
    t = table(tx.state)
    card = t.camps[k][0]
    extra = _owed(tx.state)
    opportunity = not is_enemy_card(tx.state.deck, card)
    if opportunity:
        tx.emit(OpportunityDrawn, camp=IDS[k], card=card, revealed=t.under_top(k))
    else:
        flow.activate_card(tx, card, pile=k + 1, revealed=t.under_top(k))
    if extra and not tx.over:
        tx.emit(PlusAdded, camp=IDS[k], count=extra)
    if tx.over:
        return
    if opportunity:
        tx.emit(ev.StepChanged, step="opportunity")
    else:
        after_activation(tx)


def after_activation(tx: Tx) -> None:
    """The first card is active: additional enemies owed come next (step ``reinforce``); with none, the engagement,
    or, with no card active, no engagement at all (HV7)."""
    if table(tx.state).plus:
        tx.emit(ev.StepChanged, step="reinforce")
    elif tx.state.active:
        flow.begin_engagement(tx)
    else:
        flow.end_round(tx)  # HV7: no engagement, no Strategy and no Resolve (no recovery)


def _fight_primus(tx: Tx, c: Command) -> None:
    """The Primus under the chip's camp becomes active: a Primus fight begins; its +N comes from its camp's
    neighbours."""
    s = tx.state
    k = here(s)
    primus = table(s).primus[k]
    assert primus is not None
    extra = _owed(s)
    tx.emit(PrimusFight, primus=primus, camp=IDS[k])
    tx.emit(ev.CardActivated, card=primus, boss=True, stack=k + 1, additional=s.deck.boss(primus).entourage)
    flow.on_activated(tx, primus)
    if extra and not tx.over:
        tx.emit(PlusAdded, camp=IDS[k], count=extra)
    if not tx.over:
        after_activation(tx)


# --- reinforce: +N from the neighbours ------------------------------------------------------------------------------


def reinforcements(s: GameState) -> list[int]:
    """The camps an added enemy may come from now: next to the camp of the top +N entry, topped by a Bloodshed or
    Sport card."""
    t = table(s)
    if not t.plus:
        return []
    origin = t.plus[-1][0]
    return [k for k in ADJACENT[origin] if t.camps[k] and is_enemy_card(s.deck, t.camps[k][0])]


def reinforce_commands(s: GameState) -> list[Command]:
    """An ``activate`` naming each camp an added enemy may come from."""
    return [Command("activate", camp=IDS[k]) for k in reinforcements(s)]


def reinforce_step(tx: Tx) -> bool:
    """Add the enemies owed, one command each; with nothing next to the camp they come from, they are ignored. Then
    the engagement, or, with no card active, no engagement at all (HV7)."""
    while table(tx.state).plus and not reinforcements(tx.state):
        tx.emit(PlusSpent)
    if table(tx.state).plus:
        return False
    after_activation(tx)
    return True


def _reinforce_details(s: GameState) -> dict[str, Any]:
    t = table(s)
    origin, left = t.plus[-1] if t.plus else (None, 0)
    return {
        "from": IDS[origin] if origin is not None else None,
        "remaining": left,
        "camps": [IDS[k] for k in reinforcements(s)],
    }


# --- an Opportunity -------------------------------------------------------------------------------------------------


def opportunity_commands(s: GameState) -> list[Command]:
    """Keep the Opportunity (room needed, as for any item) or discard it."""
    out = []
    if len(s.inventory) < s.hero.strategy:
        out.append(Command("keep_opportunity"))
    out.append(Command("discard_opportunity"))
    return out


def _decide_opportunity(tx: Tx, c: Command) -> None:
    card = table(tx.state).drawn_opportunity
    tx.emit(OpportunityDecided, card=card, kept=c.cmd == "keep_opportunity")
    after_activation(tx)  # an extra enemy owed may still come; else no engagement (HV7)


def _opportunity_details(s: GameState) -> dict[str, Any]:
    return {"card": table(s).drawn_opportunity, "room": len(s.inventory) < s.hero.strategy}


# --- spectate -------------------------------------------------------------------------------------------------------


def _spectate(tx: Tx, c: Command) -> None:
    """Spectate: the Scion's spectate penalty first (its effects, in order; their choices are prompts)."""
    s = tx.state
    k = here(s)
    t = table(s)
    carry_owed(tx)
    tx.emit(Spectated, camp=IDS[k], card=t.camps[k][0])
    tx.emit(ev.StepChanged, step="spectating")
    tx.emit(ev.Marked, field="effects_left", value=len(scion_by_id(s.deck, t.scion).spectate))


def carry_owed(tx: Tx) -> None:
    """HV15: an extra enemy owed this round (a spectate penalty's) is owed until it is suffered: a round without an
    engagement (spectating again, a camp emptied under the chip) carries it to the next round, where what is owed
    adds up."""
    s = tx.state
    owed = _owed(s)
    if owed:
        tx.emit(ev.Marked, field="next_round_extra", value=s.next_round_extra + owed)


def spectating_step(tx: Tx) -> bool:
    """The penalty suffered: the spectated card is discarded unplayed (if an effect has not taken it already), then
    the player recovers a die or gains 1 Health."""
    s = tx.state
    t = table(s)
    if next_effect(tx, t.scion, scion_by_id(s.deck, t.scion).spectate):  # HV16: the penalty, in the card's order
        return True
    k = here(s)
    if t.spectating is not None and t.top(k) == t.spectating:
        tx.emit(CampTopDiscarded, camp=IDS[k], card=t.spectating, revealed=t.under_top(k))
    tx.emit(ev.StepChanged, step="spectate_reward")
    return True


def spectate_reward_commands(s: GameState) -> list[Command]:
    """Gain 1 Health, or recover one exhausted die (no engagement follows: HV7)."""
    return [
        Command("spectate_reward", choice="health"),
        *(Command("spectate_reward", die=d.id) for d in s.dice_in("exhausted")),
    ]


def _spectate_reward(tx: Tx, c: Command) -> None:
    if c.die is not None:
        tx.emit(ev.DieMoved, die=c.die, zone="pool", reason="recovered by spectating")
    else:
        tx.change_stat("health", 1, SPECTATED_HEALTH)
    if not tx.over:
        flow.end_round(tx)


def camp_words(s: GameState, k: int) -> str:
    """``camp 1-2 (Iron Bull)``."""
    top = table(s).top(k)
    found = camp_card(s.deck, top) if top is not None else None
    return f"camp {IDS[k]}" + (f" ({found.name})" if found is not None else "")
