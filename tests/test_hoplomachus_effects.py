"""The effect kinds of Hoplomachus Victorum (contract 7: one handler and one test each): recruit, dismiss, strengthen
and weaken (general dice moves, HV12), gain a Tactic, move to any camp, feed the Influence deck, Influence scaling;
and HV2, a used Tactic going back to the Tactics area."""

from __future__ import annotations

from typing import Any

from arena import DECK, Arena, arranged
from test_hoplomachus_fights import _to_final, all_primus_beaten, to_influence
from test_hoplomachus_setup import PLAIN

from twentystrong.content.effects import Effect
from twentystrong.content.loader import load_deck, validate
from twentystrong.engine import Command, SetupOptions, initial_state
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import Live
from twentystrong.engine.view import state_view
from twentystrong.kits.hoplomachus_victorum.content import TACTICS, tactic_by_id, tactics_of
from twentystrong.session import Session


def effect(data: dict[str, Any]) -> Effect:
    found: Effect = validate(Effect, data)
    return found


def kept(*effects: dict[str, Any], camps: dict[str, list[str]] | None = None, **kw: Any) -> Arena:
    """A game whose kept Tactic (Drill) does ``effects`` instead."""
    deck = arranged(camps)
    tactics = [
        t.model_copy(update={"effects": [effect(e) for e in effects]}) if t.id == "t-drill" else t
        for t in tactics_of(deck)
    ]
    return Arena(deck=deck.model_copy(update={"parts": {**deck.parts, TACTICS.name: tactics}}), **kw).setup(
        tactic="t-drill"
    )


def test_recruit_the_weakest_die_or_one_of_a_colour() -> None:
    """Recruit: the weakest die in the training grounds (yellow first, then by id) joins the pool, ``count`` times;
    a colour named takes the weakest of it; none there: nothing."""
    a = kept({"kind": "recruit", "count": 2})
    a.do("use_item", item="t-drill")
    assert a.zone("Y3") == "pool" and a.zone("Y4") == "pool" and a.zone("G3") == "training"
    b = kept({"kind": "recruit", "color": "blue"})
    b.do("use_item", item="t-drill")
    assert b.zone("B3") == "pool" and b.zone("Y3") == "training"
    c = kept({"kind": "recruit", "color": "red"})
    assert not c.can("use_item", item="t-drill")  # the red die is in the pool, none in the training grounds


def test_dismiss_dice_of_the_player_s_choice() -> None:
    """Dismiss: ``count`` dice of the player's choice, neither banished nor applied, go to the training grounds (a
    prompt); with no more such dice than that, all of them without asking. A deck without training grounds (Solar
    Sentinels) cannot use it."""
    a = kept({"kind": "dismiss", "count": 2})
    a.do("use_item", item="t-drill")
    p = a.s.prompt
    assert p is not None and p.kind == "choose_die" and p.count == 2 and set(p.options) == set(a.dice_in("pool"))
    a.do("choose", die="R1")
    a.do("choose", die="Y1")
    assert a.zone("R1") == "training" and a.zone("Y1") == "training" and a.s.prompt is None
    plain = load_deck(PLAIN)
    s = Session.new(plain, SetupOptions(plain.id, "tester", seed=1)).state
    live = Live("x", "item", 0, effect({"kind": "dismiss"}))
    assert hooks.handler("dismiss").uses(s, live) == []


def test_hv12_strengthen_a_die() -> None:
    """HV24: Strengthen: a die of the player's choice is dismissed and the die of the next stronger colour recruited
    into the zone it was in. HV12: red cannot be strengthened; a die whose stronger colour is not in the training
    grounds (purple: the red die is in play) is no choice either."""
    a = Arena().setup(tactic="t-forge")
    targets = {c.die for c in a.legal("use_item")}
    assert targets == {"Y1", "Y2", "G1", "G2", "B1", "B2"}  # not P1, P2 (no red to recruit), not R1 (HV12)
    a.do("use_item", item="t-forge", die="B1")
    assert a.zone("B1") == "training" and a.zone("P3") == "pool"
    assert a.t.tactics[-1] == "t-forge"  # HV2: back to the Tactics area


def test_hv12_weaken_a_die() -> None:
    """HV24: Weaken: the die of the next weaker colour replaces it, in its zone. HV12: yellow cannot be weakened; with
    no die of the weaker colour in the training grounds, nothing happens (the die is no choice)."""
    a = kept({"kind": "weaken"})
    assert {c.die for c in a.legal("use_item")} == {"G1", "G2", "B1", "B2", "P1", "P2", "R1"}  # never yellow (HV12)
    a.do("use_item", item="t-drill", die="G1")
    assert a.zone("G1") == "training" and a.zone("Y3") == "pool"
    b = kept({"kind": "recruit", "count": 2}, {"kind": "weaken"})
    b.do("use_item", item="t-drill")  # the yellows leave the training grounds first: green cannot be weakened
    assert b.s.prompt is not None and "G1" not in b.s.prompt.options and "B1" in b.s.prompt.options


def test_weaken_as_an_enemy_s_penalty_keeps_the_zone() -> None:
    """The Stalker weakens a die of the player's choice on activation (a prompt among the dice it would change): an
    exhausted die is replaced by an exhausted one."""
    a = Arena({"1-1": ["b-stalker"]}).setup()
    a.s = a.s.changed({"dice": tuple(d.__class__(d.id, "exhausted") if d.id == "B1" else d for d in a.s.dice)})
    a.do("move", camp="1-1")
    a.do("activate")
    p = a.s.prompt
    assert p is not None and p.kind == "choose_die" and "B1" in p.options and "Y1" not in p.options
    a.do("choose", die="B1")
    assert a.zone("B1") == "training" and a.zone("G3") == "exhausted"


def test_gain_a_tactic() -> None:
    """Gain a Tactic: one of the player's choice moves from the Tactics area into the inventory (room needed)."""
    a = Arena(tactics=["t-requisition", "t-forge", "t-leap", "t-salve"]).setup(tactic="t-requisition")
    assert {c.card for c in a.legal("use_item")} == {"t-forge", "t-leap", "t-salve"}
    a.do("use_item", item="t-requisition", card="t-leap")
    assert a.s.inventory == ("t-leap",) and a.t.tactics == ("t-forge", "t-salve", "t-requisition")


def test_move_to_any_camp() -> None:
    """Move to any camp that can be entered, before moving this round (not only next to the chip); then act there."""
    a = Arena(tactics=["t-leap", "t-drill", "t-forge", "t-salve"]).setup(tactic="t-leap")
    a.do("move", camp="1-2")
    assert not a.legal("use_item")  # moved already this round
    a.do("activate")
    a.do("discard_opportunity")
    assert Command("use_item", item="t-leap", camp="3-2") in a.legal()
    a.do("use_item", item="t-leap", camp="3-2")
    assert a.where() == "3-2" and a.s.step == "arrive"


def test_feed_the_influence_deck() -> None:
    """Feed the Influence deck: the top card of a camp of the player's choice joins it (a ``choose_camp`` prompt)."""
    a = Arena(tactics=["t-taunt", "t-drill", "t-forge", "t-salve"]).setup(tactic="t-taunt")
    a.do("use_item", item="t-taunt")
    p = a.s.prompt
    assert p is not None and p.kind == "choose_camp" and len(p.options) == 9
    top = a.top("2-3")
    a.do("choose", camp="2-3")
    assert a.t.influence == (top,) and a.s.prompt is None


def test_influence_scaling_of_damage_and_of_additional_enemies() -> None:
    """Influence scaling: the Editor deals +1 Damage per 2 icons; the Magister adds +1 enemy per 3 icons (at most
    2), counted when it turns to its Conflict side."""
    a = Arena(scion="sc-editor").setup()
    all_primus_beaten(to_influence(a, "b-raider", "b03", "b06", "s04"))
    _to_final(a)
    editor = state_view(a.s)["active"][0]
    assert editor["id"] == "sc-editor" and editor["damage"] == 1 + 4 // 2
    b = Arena(scion="sc-magister").setup()
    all_primus_beaten(to_influence(b, "b03", "b06", "s04"))
    _to_final(b)
    assert b.active() == ["sc-magister", "b03", "b06"]  # +1, and +1 for 3 icons


def test_a_used_or_discarded_tactic_returns_to_the_tactics_area() -> None:
    """HV2: a Tactic used or discarded returns to the Tactics area, where "gain 1 Tactic" can take it again."""
    a = Arena().setup(tactic="t-salve")
    a.do("discard_item", item="t-salve")
    assert a.t.tactics == ("t-drill", "t-forge", "t-leap", "t-salve") and "t-salve" not in a.s.discard


def test_the_effect_words() -> None:
    """Each kind in plain words (the card browser, the log)."""
    words = {
        "recruit": "Recruit a die: the weakest die of the training grounds joins your dice pool.",
        "dismiss": "Dismiss 1 die of your choice to the training grounds (not banished or applied ones).",
        "strengthen": "Strengthen a die of your choice: it returns to the training grounds and a die of the next "
        "stronger colour takes its place.",
        "weaken": "Weaken a die of your choice: it returns to the training grounds and a die of the next weaker "
        "colour takes its place.",
        "gain_tactic": "Gain a Tactic of your choice from the Tactics area, if you have room for it.",
        "move_to_camp": "Before you move this round: move to any camp that can be entered, not only an adjacent one.",
        "feed_influence": "The top card of a camp of your choice joins the Influence deck.",
    }
    for kind, text in words.items():
        assert hooks.describe(effect({"kind": kind})) == text
    scaling = effect({"kind": "influence_scaling", "grows": "health", "per": 2, "most": 3})
    assert hooks.describe(scaling) == (
        "Its Health grows by 1 per 2 Influence icons in the Influence deck when it turns to fight (at most +3)."
    )


def test_a_game_s_deck_is_unchanged_by_the_tests_variants() -> None:
    state = initial_state(DECK, SetupOptions(DECK.id, "", deal="ordered"))
    assert tactic_by_id(state.deck, "t-drill").effects[0].kind == "recruit"
