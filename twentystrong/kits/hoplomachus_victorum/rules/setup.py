"""Hoplomachus Victorum's setup (hoplomachus.md "Setup"): the deal, then the player's setup choices, each a step
whose commands are listed in ``legal`` (the hero from the draw or a universal hero, the first Tactic, the Primus
placement, the difficulty's Influence cards).

1. The Scion: the one the setup names, else one drawn at random; 2. nine camps of six, face up; 3. 4 + X Victorum
heroes drawn at random (the one ``--hero`` names first): choose one, or a universal hero of another deck and set one
drawn hero aside (HV1); the others become Primus; 4. 4 Tactics drawn: keep one, the rest to the Tactics area (HV2);
5. stats from the hero card; 6. the Primus under the 1st camp of the bottom row, the 2nd of the row above and the 2nd
of the top row, in the player's order, extras under camps of the player's choice (HV3); 7. the dice: 9 in the pool,
8 in the training grounds; 8. difficulty X ≥ 1: the top card of X + 1 camps of the player's choice to the Influence
deck.

With ``deal = "ordered"`` (tutorials, tests) nothing is shuffled: the camps are dealt in deck-file order (the first
six cards are camp 1-1, top first), the heroes and Tactics drawn are the first in the file, and the Scion is the
first unless the setup names one.
"""

from __future__ import annotations

from typing import Any

from twentystrong.content.heroes import SEPARATOR, universal_refs
from twentystrong.engine import events as ev
from twentystrong.engine import flow
from twentystrong.engine.commands import Command
from twentystrong.engine.rng import below, shuffled
from twentystrong.engine.state import GameState
from twentystrong.engine.tx import Tx
from twentystrong.kits.hoplomachus_victorum.content import primus_of, primus_side, scions_of, tactics_of
from twentystrong.kits.hoplomachus_victorum.options import DIFFICULTY, HEROES_DRAWN, SCION
from twentystrong.kits.hoplomachus_victorum.rules.events import (
    HeroChosen,
    InfluenceFed,
    PrimusPlaced,
    TacticKept,
    VesuviusDealt,
)
from twentystrong.kits.hoplomachus_victorum.rules.pyramid import BY_ID, CAMP_SIZE, CAMPS, IDS, PRIMUS_CAMPS
from twentystrong.kits.hoplomachus_victorum.rules.table import table

TACTICS_DRAWN = 4
"""Setup step 4 (HV2): 4 Tactics are drawn."""


def deal(tx: Tx) -> None:
    """The ``start`` command: the random part of the setup, then its first choice."""
    s = tx.state
    o = s.options
    deck = s.deck
    cards = [c.id for c in deck.cards]
    heroes = [h.id for h in deck.heroes if primus_side(h) is not None and SEPARATOR not in h.id]
    tactics = [t.id for t in tactics_of(deck)]
    scions = [c.id for c in scions_of(deck)]
    used = 0
    if o.deal == "shuffled":
        shuffled_cards, n = shuffled(o.seed, s.rng, cards)
        used += n
        shuffled_heroes, n = shuffled(o.seed, s.rng + used, heroes)
        used += n
        shuffled_tactics, n = shuffled(o.seed, s.rng + used, tactics)
        used += n
        cards, heroes, tactics = list(shuffled_cards), list(shuffled_heroes), list(shuffled_tactics)
    chosen_scion = SCION.card(o)
    if chosen_scion is not None:
        scion = chosen_scion
    elif o.deal == "shuffled":
        scion = scions[below(o.seed, s.rng + used, len(scions))]
        used += 1
    else:
        scion = scions[0]
    if o.hero_id in heroes:  # --hero puts that hero first in the draw
        heroes.remove(o.hero_id)
        heroes.insert(0, o.hero_id)
    elif o.hero_id.removeprefix(f"{deck.id}{SEPARATOR}") in heroes:  # this deck's universal hero, played in place of
        heroes.remove(o.hero_id.removeprefix(f"{deck.id}{SEPARATOR}"))  # a drawn one (HV1): not drawn as well
    drawn = tuple(heroes[: HEROES_DRAWN + DIFFICULTY.number(o)])
    camps = tuple(tuple(cards[k * CAMP_SIZE : (k + 1) * CAMP_SIZE]) for k in range(CAMPS))
    tx.emit(VesuviusDealt, scion=scion, camps=camps, heroes=drawn, tactics=tuple(tactics[:TACTICS_DRAWN]), draws=used)
    if o.hero_id in drawn:
        choose_hero(tx, o.hero_id, None)
    else:
        tx.emit(ev.StepChanged, step="choose_hero")


def choose_hero(tx: Tx, hero_id: str, aside: str | None) -> None:
    """The hero is chosen: its stats are set; every other drawn hero (but the one set aside) becomes a Primus."""
    s = tx.state
    hero = s.deck.hero(hero_id)
    drawn = table(s).heroes_drawn
    primus = tuple(primus_of(s.deck)[h] for h in drawn if h not in (hero_id, aside))
    tx.emit(
        HeroChosen,
        hero=hero_id,
        health=hero.health,
        strategy=hero.strategy,
        recovery=hero.recovery,
        aside=aside,
        primus=primus,
    )
    tx.emit(ev.StepChanged, step="keep_tactic")


def hero_commands(s: GameState) -> list[Command]:
    """A drawn hero; or a universal hero with a drawn hero set aside (HV1); only the latter when the setup named a
    universal hero."""
    drawn = table(s).heroes_drawn
    named = s.options.hero_id
    refs = [named] if SEPARATOR in named else ([] if named else _universal(s))
    own = [] if SEPARATOR in named else [Command("choose_hero", hero=h) for h in drawn]
    return own + [Command("choose_hero", hero=ref, aside=h) for ref in refs for h in drawn]


def _universal(s: GameState) -> list[str]:
    """The universal heroes offered in place of a drawn one (HV1): another deck's, or this deck's own when it was not
    drawn (drawn, it is simply chosen)."""
    drawn = table(s).heroes_drawn
    mine = f"{s.deck.id}{SEPARATOR}"
    return [ref for ref in universal_refs(s.deck) if not (ref.startswith(mine) and ref[len(mine) :] in drawn)]


def _choose_hero(tx: Tx, c: Command) -> None:
    choose_hero(tx, str(c.hero), c.aside)


def _hero_details(s: GameState) -> dict[str, Any]:
    t = table(s)
    named = s.options.hero_id
    return {
        "heroes": list(t.heroes_drawn),
        "universal": [named] if SEPARATOR in named else _universal(s),
    }


# --- the first Tactic ---------------------------------------------------------------------------------------------


def tactic_commands(s: GameState) -> list[Command]:
    """Keep one of the Tactics drawn."""
    return [Command("keep_tactic", tactic=c) for c in table(s).tactics_drawn]


def _keep_tactic(tx: Tx, c: Command) -> None:
    tx.emit(TacticKept, tactic=c.tactic)
    tx.emit(ev.StepChanged, step="place_primus")


# --- the Primus ---------------------------------------------------------------------------------------------------


def primus_commands(s: GameState) -> list[Command]:
    """HV3: the three rulebook positions are filled in turn (1-1, 2-2, 3-2), the player choosing which Primus goes
    to each; extra Primus (difficulty) go under any camp that holds none."""
    t = table(s)
    fixed = [k for k in PRIMUS_CAMPS if t.primus[k] is None]
    camps = fixed[:1] if fixed else [k for k in range(CAMPS) if t.primus[k] is None]
    return [Command("place_primus", primus=p, camp=IDS[k]) for p in t.to_place for k in camps]


def _primus_step(tx: Tx) -> bool:
    """Place the Primus; a single possible placement is made without asking."""
    s = tx.state
    if not table(s).to_place:
        if DIFFICULTY.number(s.options):
            tx.emit(ev.StepChanged, step="feed_influence")
        else:
            flow.start_round(tx)
        return True
    choices = primus_commands(s)
    if len(choices) == 1:
        place(tx, choices[0])
        return True
    return False


def place(tx: Tx, c: Command) -> None:
    """``place_primus``: the Primus goes under the camp."""
    tx.emit(PrimusPlaced, primus=c.primus, camp=str(c.camp))


def _primus_details(s: GameState) -> dict[str, Any]:
    commands = primus_commands(s)
    return {"primus": list(table(s).to_place), "camps": sorted({str(c.camp) for c in commands})}


# --- the Influence deck (difficulty) --------------------------------------------------------------------------------


def feed_commands(s: GameState) -> list[Command]:
    """Difficulty X: the top card of X + 1 different camps of the player's choice."""
    t = table(s)
    return [Command("feed_influence", camp=IDS[k]) for k in range(CAMPS) if t.camps[k] and k not in t.fed]


def _feed_step(tx: Tx) -> bool:
    s = tx.state
    if len(table(s).fed) < DIFFICULTY.number(s.options) + 1 and DIFFICULTY.number(s.options) and feed_commands(s):
        return False
    flow.start_round(tx)
    return True


def _feed(tx: Tx, c: Command) -> None:
    k = BY_ID[str(c.camp)]
    t = table(tx.state)
    tx.emit(InfluenceFed, camp=IDS[k], card=t.camps[k][0], revealed=t.under_top(k), setup=True)


def _feed_details(s: GameState) -> dict[str, Any]:
    return {
        "remaining": DIFFICULTY.number(s.options) + 1 - len(table(s).fed),
        "camps": [c.camp for c in feed_commands(s)],
    }
