"""Hoplomachus Victorum's fights (hoplomachus.md "Primus fights", "The final fight", "Cleanup"; HV9, HV10, HV11):
Primus fights under the endgame-round rules with applied dice kept, the Bane, the Influence deck, the final fight
against the Scion, the win."""

from __future__ import annotations

import json

from arena import Arena, arranged

from twentystrong.content.effects import Effect
from twentystrong.content.loader import validate
from twentystrong.engine import events as ev
from twentystrong.engine.view import event_view, state_view
from twentystrong.kits.hoplomachus_victorum.rules import events as hev
from twentystrong.kits.hoplomachus_victorum.rules.pyramid import BY_ID


def applied(a: Arena, card: str) -> list[str]:
    return [d.id for d in a.s.applied_to(card)]


def to_influence(a: Arena, *cards: str) -> Arena:
    """Those cards leave their camps for the Influence deck (as defeats with the icon would have sent them)."""
    camps = tuple(tuple(c for c in camp if c not in cards) for camp in a.t.camps)
    return a.with_table(camps=camps, influence=(*a.t.influence, *cards))


def all_primus_beaten(a: Arena) -> Arena:
    """Every Primus beaten (out of the game), as if their fights were won."""
    beaten = tuple(p for p in a.t.primus if p is not None)
    return a.with_table(primus=(None,) * 9, beaten=beaten)


# --- Primus fights: HV9, HV10 -----------------------------------------------------------------------------------------


def test_hv9_hv10_a_primus_fight() -> None:
    """HV22, HV20: A Primus fight: the Primus becomes active, its +N from its camp's neighbours; undefeated cards stay
    at Cleanup and the dice applied to them stay applied, with their damage, into the next round (HV9); the next rounds
    skip Activation; the fight is won only when every enemy in it is defeated; then, at the end of that round's Cleanup,
    the Primus's Bane resolves (Darius the Net: lose 1 Strategy) and the Primus leaves the game (HV10: no reward); its
    camp keeps its cards."""
    a = Arena({"1-2": ["b01"]}).setup()  # Darius the Net (Health 5, +1, Bane: -1 Strategy) waits under 1-1
    a.do("move", camp="1-1")
    assert a.can("fight_primus")
    a.do("fight_primus")
    assert a.active() == ["p-darius"] and a.t.fight == "primus" and a.t.primus[BY_ID["1-1"]] is None
    assert [c.camp for c in a.legal("activate")] == ["1-2"]  # 2-1 is topped by an Opportunity
    a.do("activate", camp="1-2")
    assert a.active() == ["p-darius", "b01"]

    a.roll({"P1": "hit", "P2": "hit"})
    a.hit("p-darius", "P1", "P2")
    a.finish_round_to("bloodshed")
    a.do("dismiss", die="Y1")  # b01 (Bloodshed) dealt damage
    assert a.s.round == 2 and a.s.step == "commit"  # no Activation in the fight's next round
    assert a.active() == ["p-darius", "b01"] and applied(a, "p-darius") == ["P1", "P2"]  # HV9
    assert state_view(a.s)["active"][0]["damage_taken"] == 2

    a.roll({"R1": "crit", "B1": "hit", "B2": "hit"})
    a.hit("p-darius", "R1", "B1")
    assert a.s.active[0].defeated and a.t.fight == "primus"  # the fight goes on: b01 stands
    a.hit("b01", "B2")
    a.finish_round_to("bloodshed")
    a.do("dismiss", die="Y2")
    assert a.active() == ["p-darius", "b01"]  # the defeated Primus waits for the fight's end
    assert applied(a, "b01") == ["B2"] and a.zone("R1") != "applied"  # a defeated card's dice are exhausted

    a.roll({"G1": "hit"})
    a.hit("b01", "G1")
    a.do("decline_reward", card="b01")
    assert a.s.hero.strategy == 3
    events = a.finish_round()
    assert a.t.beaten == ("p-darius",) and a.t.fight == "" and a.s.hero.strategy == 2  # the Bane
    bane_at = next(i for i, e in enumerate(events) if isinstance(e, hev.FightWon))
    cleanup_at = max(i for i, e in enumerate(events) if isinstance(e, ev.CardLeft))
    assert cleanup_at < bane_at  # at the end of Cleanup
    assert not any(isinstance(e, ev.PromptPushed) and e.prompt.card == "p-darius" for e in a.events)  # no reward
    assert len(a.camp("1-1")) == 6 and a.s.round == 4 and a.s.step == "move"


def test_a_bane_s_choice_is_a_prompt() -> None:
    """Tullo Shieldwall's Bane feeds the top card of two camps of the player's choice to the Influence deck: the
    choice is a prompt answered like any other (the Bane's effect is found again: ``Ruleset.effect_of_prompt``)."""
    a = Arena().setup(primus=("p-tullo", "p-mira"))
    a.do("move", camp="1-1")
    a.do("fight_primus")
    a.roll({"R1": "crit", "P1": "hit", "P2": "hit"})
    a.hit("p-tullo", "R1", "P1", "P2")
    a.do("resolve")
    a.do("done")
    p = a.s.prompt
    assert p is not None and p.kind == "choose_camp" and p.source == "p-tullo" and p.count == 2
    tops = (a.top("1-2"), a.top("1-3"))
    a.do("choose", camp="1-2")
    a.do("choose", camp="1-3")
    assert a.t.influence == tops and a.s.round == 2 and a.t.beaten == ("p-tullo",)


def test_a_primus_fight_can_be_lost() -> None:
    """A Primus fight lasts until won: a player who cannot win it loses Health each round until the game is lost."""
    a = Arena().setup()
    a.do("move", camp="1-1")
    a.do("fight_primus")
    for _ in range(12):
        if a.s.result is not None:
            break
        a.do("roll")
        a.finish_round_to("bloodshed", "move", "commit")
    assert a.s.result == "lost"


# --- the Influence deck -------------------------------------------------------------------------------------------


def test_defeated_cards_with_the_influence_icon_join_the_influence_deck() -> None:
    """Cleanup: a defeated card with the Influence icon joins the face-down Influence deck; an undefeated one, and
    defeated ones without the icon, go to the discard pile. The deck's size and icons are public, its cards' order is
    not (R12)."""
    a = Arena({"1-2": ["b-ravager", "o-drill"], "1-1": ["b-raider"], "1-3": ["b03", "b02"]}).setup()
    a.do("move", camp="1-2")
    a.do("activate")
    a.do("activate", camp="1-1")  # the Raider (Influence icon, +1): nothing next to 1-1
    a.do("activate", camp="1-3")  # b03 (Influence icon)
    a.roll({"R1": "crit", "P1": "hit"})
    a.hit("b-raider", "R1")
    a.do("decline_reward", card="b-raider")
    a.hit("b03", "P1")
    a.do("decline_reward", card="b03")
    a.finish_round_to("bloodshed")
    a.do("dismiss", die="Y1")
    assert a.t.influence == ("b-raider", "b03") and "b-ravager" in a.s.discard
    assert state_view(a.s)["influence"] == {"size": 2, "icons": 2}


def test_an_item_with_the_influence_icon_joins_the_influence_deck_when_used() -> None:
    """HV23: Items with the Influence icon used or discarded from the inventory join the Influence deck (the Butcher's
    single-use reward)."""
    a = Arena({"1-1": ["b-butcher"]}).setup()
    a.do("move", camp="1-1")
    a.do("activate")
    a.roll({"R1": "crit", "P1": "crit"})
    a.hit("b-butcher", "R1", "P1")
    a.do("resolve")
    a.do("done")
    a.do("gain_item", card="b-butcher")
    assert a.s.inventory == ("t-drill", "b-butcher")
    a.do("use_item", item="b-butcher")
    assert a.t.influence == ("b-butcher",) and "b-butcher" not in a.s.discard


# --- the final fight: HV11 ----------------------------------------------------------------------------------------


def _to_final(a: Arena) -> Arena:
    """Play the round after every Primus is beaten: it is the final fight."""
    a.do("move", camp="1-2")
    a.do("activate")  # First Blood, an Opportunity: no engagement
    a.do("discard_opportunity")
    return a


def test_hv11_the_final_fight() -> None:
    """After the last Primus fight is won, the next round is the final fight: the chip moves to the Scion's place,
    every camp is discarded, the Scion turns to its Conflict side (the Lanista: +1 Health per Influence icon, at
    most 4) and adds its +N from the Influence deck, shuffled (HV11); an added enemy's own +N draws more. The
    Influence deck's order never reaches the player (R12): only its size."""
    a = Arena().setup()
    all_primus_beaten(to_influence(a, "b-raider", "s-juggler", "b03"))
    assert a.s.round == 1
    a.do("move", camp="1-2")
    a.do("activate")
    events = a.do("discard_opportunity")
    started = next(e for e in events if isinstance(e, hev.FinalFightStarted))
    assert started.icons == 3 and set(started.influence) == {"b-raider", "s-juggler", "b03"}
    shown = event_view(started, a.s.deck)
    assert shown["influence"] == {"size": 3} and "b-raider" not in json.dumps(shown)
    assert a.where() == "scion" and a.t.scion_side == "conflict" and a.t.fight == "final"
    assert all(not camp for camp in a.t.camps) and len(a.s.discard) == 54 - 3 - 1 + 1  # o-blood discarded too
    assert a.active() == ["sc-lanista", "b-raider", "s-juggler"]  # +1, then the Raider's own +1
    assert a.s.active[0].health_override == 6 + 3
    assert a.t.influence == ("b03",) and a.s.step == "commit"


def test_the_final_fight_draws_from_the_discard_when_the_influence_deck_is_empty() -> None:
    """An empty Influence deck: the added enemies are drawn at random from the discard; a card without the Influence
    icon is defeated at once (no enemy, no reward, its +N ignored)."""
    a = Arena({"1-1": ["b01"], "1-2": ["o-blood"]}).setup()
    all_primus_beaten(a)
    events = _to_final(a).events
    drawn = [e for e in events if isinstance(e, hev.FinalDrawn)]
    assert [(e.card, e.source, e.dud) for e in drawn] == [("b01", "discard", True)]  # ordered: the first enemy
    assert a.active() == ["sc-lanista"] and "b01" in a.s.discard


def test_hv14_a_card_drawn_from_the_discard_ignores_its_plus_n_even_with_the_influence_icon() -> None:
    """HV14: with the Influence deck empty, an enemy drawn from the discard that carries the Influence icon joins the
    final fight, but its +N is ignored (the Raider, +1, adds nobody); only the Scion's own +1 was drawn."""
    a = Arena({"1-1": ["b01"], "1-2": ["o-blood"]}).setup()
    all_primus_beaten(a)
    camps = tuple(tuple(c for c in camp if c != "b-raider") for camp in a.t.camps)
    a.with_table(camps=camps)
    a.s = a.s.changed({"discard": ("b-raider", *a.s.discard)})  # the Raider (Influence, +1) is first in the discard
    events = _to_final(a).events
    drawn = [(e.card, e.source, e.dud) for e in events if isinstance(e, hev.FinalDrawn)]
    assert drawn == [("b-raider", "discard", False)]  # before HV14 its +1 drew one more from the discard
    assert a.active() == ["sc-lanista", "b-raider"]


def test_hv14_a_card_from_the_influence_deck_still_resolves_its_plus_n() -> None:
    """HV14: the Influence deck's cards resolve their +N as usual (the Raider's +1 draws one more)."""
    a = Arena().setup()
    all_primus_beaten(to_influence(a, "b-raider", "b03"))
    _to_final(a)
    assert a.active() == ["sc-lanista", "b-raider", "b03"]


def test_the_final_fight_is_won_when_every_enemy_and_the_scion_are_defeated() -> None:
    """The game is won the moment every enemy of the final fight, the Scion included, is defeated; dice applied to
    an undefeated enemy stay applied into the next round (HV9 here too), and defeated enemies go to the discard pile,
    not the Influence deck."""
    a = Arena(scion="sc-consul").setup()  # the Consul: Health 5, Damage 1, no +N
    all_primus_beaten(to_influence(a, "s-juggler"))
    _to_final(a)
    a.with_table(influence=())
    assert a.active() == ["sc-consul"]
    a.roll({"R1": "crit", "P1": "hit"})
    a.hit("sc-consul", "R1", "P1")
    a.finish_round_to("commit")
    assert applied(a, "sc-consul") == ["P1", "R1"] and a.s.round == 3
    a.roll({"P2": "crit"})
    a.hit("sc-consul", "P2")
    assert a.s.result == "won" and a.s.result_reason == "The Consul and every enemy with it are defeated"


def test_a_card_that_returns_goes_back_on_top_of_its_camp() -> None:
    """HV22: Card text beats rules (R10): a card that "returns to its pile" instead of being defeated goes back on top
    of the camp it came from (``Ruleset.return_to_origin``), its dice exhausted (R2)."""
    deck = arranged({"1-2": ["b-raider", "o-drill"], "1-1": ["s05", "b01"], "1-3": ["o-scars"]})
    returns = validate(Effect, {"kind": "returns_unless_first_defeat"})
    cards = [c.model_copy(update={"effects": [returns]}) if c.id == "s05" else c for c in deck.cards]
    a = Arena(deck=deck.model_copy(update={"cards": cards})).setup()
    a.do("move", camp="1-2")
    a.do("activate")
    a.do("activate", camp="1-1")
    assert a.active() == ["b-raider", "s05"]
    a.roll({"R1": "crit", "B1": "crit"})
    a.hit("b-raider", "R1")
    a.do("decline_reward", card="b-raider")
    a.hit("s05", "B1")
    assert a.active() == ["b-raider"] and a.camp("1-1")[:2] == ("s05", "b01") and a.zone("B1") == "exhausted"


def darius_with(*rules: dict[str, object]) -> Arena:
    """A game set up with Brawler 1 on top of camp 1-2 and Darius the Net (under 1-1) given these rules."""
    effects = [validate(Effect, rule) for rule in rules]
    deck = arranged({"1-2": ["b01"]})
    heroes = [
        h.model_copy(update={"primus": h.primus.model_copy(update={"rules": effects})})
        if h.primus is not None and h.primus.id == "p-darius"
        else h
        for h in deck.heroes
    ]
    return Arena(deck=deck.model_copy(update={"heroes": heroes})).setup()


def test_a_cap_per_round_counts_each_rounds_dice_in_a_fight_that_keeps_them() -> None:
    """ "At most N damage each round" on a Primus: its dice stay applied from round to round (HV9), so each round's
    dice count up to N for that round and the damage adds up (before, the cap held the total at N for ever and the
    Primus could never fall)."""
    a = darius_with({"kind": "damage_cap_per_round", "amount": 2})
    a.do("move", camp="1-1")
    a.do("fight_primus")
    a.do("activate", camp="1-2")
    a.roll({"P1": "hit", "P2": "hit", "R1": "hit", "G1": "hit", "G2": "hit"})
    a.hit("p-darius", "P1", "P2", "R1")
    assert state_view(a.s)["active"][0]["damage_taken"] == 2  # three hits, capped at 2 this round
    a.hit("b01", "G1", "G2")
    a.do("decline_reward", card="b01")
    a.finish_round()
    assert a.s.round == 2 and applied(a, "p-darius") == ["P1", "P2", "R1"]  # HV9
    assert state_view(a.s)["active"][0]["damage_taken"] == 2  # round 1 counted 2, and still does

    a.roll({"B1": "crit", "B2": "hit"})
    a.hit("p-darius", "B1", "B2")
    assert state_view(a.s)["active"][0]["damage_taken"] == 4  # 2 from round 1, this round's 3 capped at 2
    assert not a.s.active[0].defeated
    a.finish_round()
    a.roll({"Y1": "hit"})
    a.hit("p-darius", "Y1")
    assert a.s.active[0].defeated  # 2 + 2 + 1 = its Health 5


def test_one_die_of_each_colour_per_apply_step_counts_every_card_of_the_fight() -> None:
    """A Primus's "in each Apply step, at most one die of each colour may be applied" covers the whole step, whichever
    card the dice go to (a play-tester thought a second blue on another enemy got through: it does not)."""
    a = darius_with({"kind": "one_die_per_color_per_step"})
    a.do("move", camp="1-1")
    a.do("fight_primus")
    a.do("activate", camp="1-2")
    a.roll({"B1": "hit", "B2": "hit", "P1": "hit"})
    a.hit("p-darius", "B1")
    assert "Only one blue die may be applied in each Apply step" in a.refused("apply", die="B2", card="b01").message
    a.hit("b01", "P1")  # another colour is fine
