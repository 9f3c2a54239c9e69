"""Hoplomachus Victorum's round (hoplomachus.md "A round", HV4–HV8): move then act on Mount Vesuvius, activate /
spectate / fight the Primus, additional enemies from each card's own camp's neighbours, Bloodshed, Sport,
Opportunities."""

from __future__ import annotations

from arena import DECK, Arena, arranged

from twentystrong.engine import Command
from twentystrong.engine import events as ev
from twentystrong.engine.legal import awaiting
from twentystrong.kits.hoplomachus_victorum.rules import events as hev
from twentystrong.kits.hoplomachus_victorum.rules.pyramid import ADJACENT, BY_ID, IDS


def near(camp: str) -> set[str]:
    return {IDS[k] for k in ADJACENT[BY_ID[camp]]}


def to_round_two(a: Arena, camp: str = "1-2") -> Arena:
    """Round 1 at ``camp`` (an Opportunity on top there, discarded: HV7, the round ends at once)."""
    a.do("move", camp=camp)
    a.do("activate")
    a.do("discard_opportunity")
    assert a.s.round == 2 and a.s.step == "move"
    return a


# --- HV4 – HV6: movement ---------------------------------------------------------------------------------------------


def test_hv4_adjacency_on_the_pyramid() -> None:
    """HV4: (r, i) touches (r, i±1) in its row, (r+1, i−1) and (r+1, i) above, (r−1, i) and (r−1, i+1) below."""
    assert {camp: near(camp) for camp in IDS} == {
        "1-1": {"1-2", "2-1"},
        "1-2": {"1-1", "1-3", "2-1", "2-2"},
        "1-3": {"1-2", "1-4", "2-2", "2-3"},
        "1-4": {"1-3", "2-3"},
        "2-1": {"1-1", "1-2", "2-2", "3-1"},
        "2-2": {"1-2", "1-3", "2-1", "2-3", "3-1", "3-2"},
        "2-3": {"1-3", "1-4", "2-2", "3-2"},
        "3-1": {"2-1", "2-2", "3-2"},
        "3-2": {"2-2", "2-3", "3-1"},
    }


def test_hv4_the_first_move_goes_to_the_bottom_row_then_to_a_neighbour() -> None:
    """HV17: The first activation: any camp of the bottom row. Afterwards the player must move to an adjacent camp
    (HV4); a move elsewhere is refused with the reason; the Scion cannot be entered."""
    a = Arena().setup()
    refused = a.refused("move", camp="2-1")
    assert refused.code == "not_bottom_row" and "bottom row" in refused.message
    to_round_two(a, "1-2")
    assert {c.camp for c in a.legal("move")} == near("1-2")
    refused = a.refused("move", camp="3-1")
    assert (refused.code, refused.message) == ("not_adjacent", "camp 3-1 is not adjacent to 1-2")
    assert a.refused("move", camp="scion").code == "scion_closed"
    assert a.refused("move", camp="4-1").code == "unknown_camp"
    assert a.refused("move", camp="1-2").code == "stay"
    a.do("move", camp="2-2")
    assert a.where() == "2-2" and a.s.step == "arrive"
    assert a.refused("move", camp="1-2").message.startswith("you have moved this round")


def test_hv5_an_empty_camp_cannot_be_entered_but_a_camp_with_a_primus_can() -> None:
    """HV18: HV5: a camp is empty when it holds no card and no undefeated Primus; a camp whose cards are gone but whose
    Primus waits can be entered, and there only the fight is offered."""
    a = Arena().setup()
    to_round_two(a, "1-2")
    a.empty("1-1", "1-3")
    moves = {c.camp for c in a.legal("move")}
    assert moves == {"1-1", "2-1", "2-2"}  # 1-1 holds Darius the Net's Primus, 1-3 nothing
    refused = a.refused("move", camp="1-3")
    assert refused.code == "empty_camp" and "cannot be entered" in refused.message
    a.do("move", camp="1-1")
    assert [c.cmd for c in a.legal()[:1]] == ["fight_primus"] and not a.can("activate") and not a.can("spectate")
    assert a.refused("spectate").message == "camp 1-1 has no card on top to spectate"


def test_hv6_with_no_neighbour_to_enter_any_camp_can_be_entered() -> None:
    """HV17: HV6: if no adjacent camp can be entered, the player moves to any camp that can; only when no other camp can
    be entered does the chip stay (its own camp)."""
    a = Arena({"1-4": ["o-crowd"]}).setup()
    to_round_two(a, "1-4")
    a.empty("1-3", "2-3")
    moves = {c.camp for c in a.legal("move")}
    assert moves == {"1-1", "1-2", "2-1", "2-2", "3-1", "3-2"}  # every camp but the chip's and the empty ones
    # the prompt says what it offers (not "one next to yours": none of these is)
    assert awaiting(a.s)["text"] == "No camp next to yours (1-4) can be entered: move to any camp that can."
    a.empty(*[camp for camp in IDS if camp != "1-4"]).with_table(primus=(None,) * 9)
    assert [c.camp for c in a.legal("move")] == ["1-4"]
    assert awaiting(a.s)["text"] == "No other camp can be entered: you stay at camp 1-4."


def test_the_move_prompt_says_what_it_offers() -> None:
    """The bottom row at the first move, then the camps next to the chip's, naming it."""
    a = Arena().setup()
    assert awaiting(a.s)["text"] == "Move to a camp of the bottom row."
    to_round_two(a, "1-2")
    assert awaiting(a.s)["text"] == "Move to a camp next to yours (1-2)."


def test_the_game_never_waits_without_a_choice_when_the_camp_is_emptied_under_the_chip() -> None:
    """HV17: An effect that empties the chip's camp before the player acts leaves nothing to do there: the round
    ends."""
    a = Arena().setup()
    a.do("move", camp="1-3")
    a.empty("1-3")
    a.do("discard_item", item="t-drill")  # any command lets the game see it
    assert a.s.round == 2 and a.s.step == "move"


# --- activate and additional enemies ------------------------------------------------------------------------------


def test_activate_and_additional_enemies_from_each_card_s_own_camp() -> None:
    """HV19: +N: the added enemies are Bloodshed or Sport cards from the tops of the camps next to the card's camp; each
    added enemy resolves its own +N from its own camp's neighbours first (depth-first). A camp not next to the camp
    they come from, or topped by an Opportunity, is refused with the reason."""
    a = Arena(
        {"1-2": ["b-ravager", "b04"], "1-1": ["b-raider", "b01"], "2-1": ["s05", "b07"], "1-3": ["o-scars", "b02"]}
    ).setup()
    a.do("move", camp="1-2")
    a.do("activate")
    assert a.active() == ["b-ravager"] and a.s.step == "reinforce"
    assert {c.camp for c in a.legal("activate")} == {"1-1", "2-1", "2-2"}  # 1-3 is topped by an Opportunity
    assert a.refused("activate", camp="1-3").code == "not_an_enemy"
    a.do("activate", camp="1-1")  # the Raider (+1): its own enemy comes from next to 1-1 first
    assert {c.camp for c in a.legal("activate")} == {"1-2", "2-1"}
    refused = a.refused("activate", camp="2-2")
    assert (refused.code, refused.message) == (
        "not_adjacent",
        "camp 2-2 is not adjacent to 1-1, where these enemies come from",
    )
    a.do("activate", camp="2-1")
    assert {c.camp for c in a.legal("activate")} == {"1-1", "2-1", "2-2"}  # the Ravager's second, from next to 1-2
    a.do("activate", camp="1-1")
    assert a.active() == ["b-ravager", "b-raider", "s05", "b01"]
    assert a.s.step == "commit"


def test_additional_enemies_with_nothing_next_to_them_are_ignored() -> None:
    """HV19: Nothing adjacent: the rest of the +N is ignored (the summary: "ignorez l'effet +1 Ennemi")."""
    a = Arena({"1-1": ["b-raider"], "1-2": ["o-blood"], "2-1": ["o-colours"]}).setup()
    a.do("move", camp="1-1")
    events = a.do("activate")
    assert any(isinstance(e, hev.PlusSpent) for e in events)
    assert a.active() == ["b-raider"] and a.s.step == "commit"


# --- HV7: rounds without an engagement ----------------------------------------------------------------------------


def test_hv7_an_opportunity_round_has_no_engagement_and_no_recovery() -> None:
    """HV7: with no enemy active (an Opportunity kept or discarded), the round skips Strategy and Resolve: no
    recovery; the next round begins."""
    a = Arena({"1-2": ["s01"], "1-1": ["o-blood"]}).setup()
    a.do("move", camp="1-2")
    a.do("activate")
    a.roll({"Y1": "miss", "G1": "miss"})
    a.do("resolve")
    assert set(a.dice_in("exhausted")) == {"Y1", "G1"}
    a.do("done")  # recover nothing
    assert a.s.round == 2
    a.do("move", camp="1-1")
    a.do("activate")
    assert a.s.step == "opportunity" and a.t.drawn_opportunity == "o-blood"
    a.do("keep_opportunity")
    assert a.s.round == 3 and a.s.step == "move"
    assert set(a.dice_in("exhausted")) == {"Y1", "G1"}  # no Resolve, no recovery
    assert not a.events_of(hev.BloodshedMarked)


# --- spectate -----------------------------------------------------------------------------------------------------


def test_spectate_penalty_discard_then_a_die_or_health() -> None:
    """HV18: Spectate: the Scion's spectate penalty (the Lanista: lose 1 Health), the camp's top discarded unplayed (the
    next turns up), then recover one exhausted die or gain 1 Health; the round has no engagement."""
    a = Arena({"1-3": ["b02", "s02"]}).setup()
    a.do("move", camp="1-3")
    events = a.do("spectate")
    assert a.s.hero.health == 5
    discarded = next(e for e in events if isinstance(e, hev.CampTopDiscarded))
    assert (discarded.card, discarded.revealed) == ("b02", "s02") and "b02" in a.s.discard
    assert a.s.step == "spectate_reward" and [c.to_dict() for c in a.legal("spectate_reward")] == [
        {"cmd": "spectate_reward", "choice": "health"}
    ]
    a.do("spectate_reward", choice="health")
    assert a.s.hero.health == 6 and a.s.round == 2


def test_spectating_can_recover_an_exhausted_die_and_a_penalty_asks_its_choice() -> None:
    """The Editor's penalty exhausts a pool die of the player's choice (a prompt); then an exhausted die may be
    recovered instead of the Health."""
    a = Arena(scion="sc-editor").setup()
    a.do("move", camp="1-3")
    a.do("spectate")
    assert a.s.prompt is not None and a.s.prompt.kind == "choose_die"
    a.do("choose", die="P1")
    assert a.zone("P1") == "exhausted" and a.s.step == "spectate_reward"
    a.do("spectate_reward", die="P1")
    assert a.zone("P1") == "pool" and a.s.round == 2


def _with_shipped_scion(scion: str) -> Arena:
    """The test deck with one of the shipped Scions on top (a penalty the test deck has none like)."""
    from twentystrong.content.loader import load_shipped
    from twentystrong.kits.hoplomachus_victorum.content import SCIONS, scion_by_id, scions_of

    shipped = scion_by_id(load_shipped("hoplomachus-victorum"), scion)
    parts = {**DECK.parts, SCIONS.name: [shipped, *scions_of(DECK)]}
    deck = arranged(deck=DECK.model_copy(update={"parts": parts}))
    return Arena(deck=deck, scion=scion).setup()


def test_hv15_an_owed_extra_enemy_carries_until_suffered_and_owed_penalties_add_up() -> None:
    """HV15: Valeria Embershield's spectate penalty owes an extra enemy next round; spectating again that round does
    not cancel it: it carries on, and the new penalty adds one more (before: the owed enemy was lost)."""
    a = _with_shipped_scion("valeria-embershield")
    a.do("move", camp="1-3")
    a.do("spectate")
    a.do("spectate_reward", choice="health")
    assert a.s.round == 2 and a.s.pending_activations == 2  # one more enemy owed this round
    a.do("move", camp="1-4")
    a.do("spectate")  # no engagement again: the owed enemy carries, and Valeria owes one more
    assert a.s.next_round_extra == 2
    a.do("spectate_reward", choice="health")
    assert a.s.round == 3 and a.s.pending_activations == 3
    a.do("move", camp="1-3")
    events = a.do("activate")
    assert [e.count for e in events if isinstance(e, hev.PlusAdded)] == [2]  # both owed enemies come now


def test_hv15_an_owed_enemy_also_carries_over_a_camp_emptied_under_the_chip() -> None:
    """HV15, HV17: a round that ends without an engagement because the chip's camp was emptied keeps the owed
    enemy for the next round."""
    a = _with_shipped_scion("valeria-embershield")
    a.do("move", camp="1-3")
    a.do("spectate")
    a.do("spectate_reward", choice="health")
    a.do("move", camp="1-4")
    a.empty("1-4")
    a.do("discard_item", item="t-drill")  # any command lets the game see it: the round ends
    assert a.s.round == 3 and a.s.pending_activations == 2


def test_hv16_a_penalty_s_choices_are_asked_in_the_card_s_order() -> None:
    """HV16: Gnaeus the Gilded's penalty lists "exhaust a pool die" then "a camp's top card to the Influence deck":
    the die is asked first, the camp second (before: the camp first)."""
    a = _with_shipped_scion("gnaeus-the-gilded")
    a.do("move", camp="1-3")
    a.do("spectate")
    assert a.s.prompt is not None and a.s.prompt.kind == "choose_die"
    assert a.t.influence == ()  # the second part has not happened yet
    a.do("choose", die="P1")
    assert a.zone("P1") == "exhausted"
    assert a.s.prompt is not None and a.s.prompt.kind == "choose_camp"
    a.do("choose", camp="2-2")
    assert len(a.t.influence) == 1 and a.s.step == "spectate_reward"


# --- Bloodshed and Sport ------------------------------------------------------------------------------------------


def test_bloodshed_each_enemy_that_dealt_damage_costs_a_die_at_cleanup() -> None:
    """HV20: Bloodshed: each undefeated Bloodshed enemy that dealt damage at Suffer damage makes the player dismiss one
    die of their choice (neither banished nor applied) at Cleanup; a Sport enemy, or a defeated Bloodshed one, costs
    nothing."""
    a = Arena({"1-2": ["b-ravager"], "1-1": ["b01"], "1-3": ["b02"], "2-2": ["s07"]}).setup()
    a.do("move", camp="1-2")
    a.do("activate")
    a.do("activate", camp="1-1")
    a.do("activate", camp="2-2")
    assert a.active() == ["b-ravager", "b01", "s07"]
    a.do("roll")  # nothing committed
    a.do("resolve")
    assert a.events_of(hev.BloodshedMarked)[-1].cards == ("b-ravager", "b01")
    while a.s.step != "bloodshed":
        a.do(a.legal("done")[0] if a.legal("done") else a.legal()[0])
    assert a.s.step == "bloodshed" and a.t.bloodshed == 2
    assert {c.die for c in a.legal("dismiss")} == set(a.dice_in("pool")) | set(a.dice_in("exhausted"))
    a.do("dismiss", die="R1")
    a.do("dismiss", die="P2")
    assert a.zone("R1") == "training" and a.zone("P2") == "training" and a.s.round == 2


def test_sport_recruit_a_die_or_gain_a_tactic_instead_of_the_instant_reward() -> None:
    """HV21: Sport: when its instant reward would be gained, the player may instead recruit 1 die (the weakest there) or
    gain 1 Tactic from the Tactics area (room needed); a Bloodshed card offers no such choice."""
    a = Arena({"1-1": ["s-juggler"]}).setup()
    a.do("move", camp="1-1")
    a.do("activate")
    a.roll({"P1": "hit", "P2": "hit"})
    a.hit("s-juggler", "P1", "P2")
    offered = {c.cmd for c in a.legal()} & {"take_reward", "decline_reward", "recruit", "gain_tactic"}
    assert offered == {"take_reward", "decline_reward", "recruit", "gain_tactic"}
    assert {c.tactic for c in a.legal("gain_tactic")} == {"t-forge", "t-leap", "t-salve"}
    events = a.do("recruit", card="s-juggler")
    assert a.zone("Y3") == "pool" and a.s.prompt is None
    assert any(isinstance(e, ev.RewardDecided) and not e.taken for e in events)
    assert a.s.hero.health == 6  # no heal


def test_sport_alternative_at_gain_item_rewards() -> None:
    """HV21: Sport with an item reward: at Gain item rewards the player may gain it, decline it, or instead recruit or
    gain a Tactic; taking a Tactic leaves the card behind (to the discard at Cleanup)."""
    a = Arena({"1-1": ["s-acrobat"]}).setup()
    a.do("move", camp="1-1")
    a.do("activate")
    a.roll({"P1": "hit", "P2": "hit"})
    a.hit("s-acrobat", "P1", "P2")
    a.do("resolve")
    a.do("done")
    assert a.s.step == "gain_items"
    assert a.can("gain_tactic", card="s-acrobat", tactic="t-leap") and a.can("recruit", card="s-acrobat")
    a.do("gain_tactic", card="s-acrobat", tactic="t-leap")
    assert a.s.inventory == ("t-drill", "t-leap") and "t-leap" not in a.t.tactics
    assert "s-acrobat" in a.s.discard and a.s.round == 2


def test_sport_gain_a_tactic_needs_room() -> None:
    """HV21: the Sport alternative is offered only where it can do something: a Tactic only with room for it."""
    a = Arena({"1-1": ["s-juggler"]}).setup()
    a.with_table(tactics=("t-forge",))
    a.s = a.s.changed({"inventory": ("t-drill", "t-leap", "t-salve")})
    a.do("move", camp="1-1")
    a.do("activate")
    a.roll({"P1": "hit", "P2": "hit"})
    a.hit("s-juggler", "P1", "P2")
    assert not a.legal("gain_tactic") and a.legal("recruit")


# --- Opportunities (HV8) ------------------------------------------------------------------------------------------


def test_an_opportunity_needs_room_and_may_be_discarded() -> None:
    """An Opportunity goes into the inventory (it counts against Strategy: room needed, as for any item) or is
    discarded."""
    a = Arena({"1-1": ["o-blood"]}).setup()
    a.s = a.s.changed({"inventory": ("t-drill", "t-leap", "t-salve")})
    a.do("move", camp="1-1")
    a.do("activate")
    assert not a.can("keep_opportunity") and a.can("discard_opportunity")
    assert a.refused("keep_opportunity").message.startswith("inventory full (3/3)")
    a.do("discard_item", item="t-salve")
    a.do("keep_opportunity")
    assert a.s.inventory == ("t-drill", "t-leap", "o-blood")


def test_hv8_an_opportunity_counts_only_while_held_and_flips_at_its_target() -> None:
    """HV8: an Opportunity counts its condition (here: a camp spectated) only while held; at its target it flips and
    its reward is in force (Crowd Favourite: Strategy +1 while held, an ongoing item); before that it is a dormant
    item. Discarded, it stops (Strategy back down) and, with the Influence icon, joins the Influence deck."""
    a = Arena({"1-2": ["b01", "s01"], "1-1": ["o-spectator"]}).setup()
    a.do("move", camp="1-2")
    a.do("spectate")  # not held yet: does not count
    a.do("spectate_reward", choice="health")
    a.do("move", camp="1-1")
    a.do("activate")
    a.do("keep_opportunity")
    assert a.t.opportunities == (("o-spectator", 0),) and a.s.hero.strategy == 3
    assert "o-spectator" in a.t.dormant(a.s.deck)
    a.do("move", camp="1-2")
    events = a.do("spectate")
    progress = next(e for e in events if isinstance(e, hev.OpportunityProgress))
    assert (progress.card, progress.progress, progress.earned) == ("o-spectator", 1, True)
    assert a.t.earned == ("o-spectator",) and a.s.hero.strategy == 4
    a.do("spectate_reward", choice="health")
    a.do("discard_item", item="o-spectator")
    assert a.s.hero.strategy == 3 and a.t.influence == ("o-spectator",) and a.t.opportunities == ()


def test_hv8_an_earned_opportunity_s_instant_reward_happens_once() -> None:
    """HV23: An instant reward happens when the card flips (First Blood: 2 Bloodshed defeats, +2 Health); the earned
    card stays held, giving nothing more, until discarded."""
    a = Arena({"1-1": ["o-blood"], "1-2": ["b-ravager"], "1-3": ["b01"], "2-2": ["b03"]}).setup()
    a.do("move", camp="1-1")
    a.do("activate")
    a.do("keep_opportunity")
    a.do("move", camp="1-2")
    a.do("activate")
    a.do("activate", camp="1-3")
    a.do("activate", camp="2-2")
    a.s = a.s.changed({"hero": a.s.hero.__class__(a.s.hero.id, 3, 3, 2)})
    a.roll({"R1": "crit", "P1": "hit", "P2": "hit"})
    a.do("apply", die="R1", card="b01")
    a.do("decline_reward", card="b01")
    assert a.t.progress("o-blood") == 1 and a.s.hero.health == 3
    a.do("apply", die="P1", card="b03")
    a.do("decline_reward", card="b03")
    assert a.t.earned == ("o-blood",) and a.s.hero.health == 5
    assert not any(c.cmd == "use_item" and c.item == "o-blood" for c in a.legal())
    assert a.can("discard_item", item="o-blood")


def test_a_dormant_item_opportunity_is_usable_once_earned() -> None:
    """HV23: Drill Master (a die recruited; reward: a single-use "recover 2 dice"): not usable while unearned; the
    Tactic Drill recruits, the card flips, and it may then be used like any single-use item."""
    a = Arena({"1-1": ["o-drill"]}).setup(tactic="t-drill")
    a.do("move", camp="1-1")
    a.do("activate")
    a.do("keep_opportunity")
    assert not any(c.item == "o-drill" and c.cmd == "use_item" for c in a.legal())
    a.do("use_item", item="t-drill")
    assert a.t.earned == ("o-drill",) and {"Y3", "Y4"} <= set(a.dice_in("pool"))
    assert a.t.tactics[-1] == "t-drill"  # HV2: a used Tactic returns to the Tactics area
    assert any(c.item == "o-drill" and c.cmd == "use_item" for c in a.legal())


def test_hv8_an_opportunity_counting_items_used_counts_a_tactic_and_an_item() -> None:
    """HV8: Tactician (one item used, a Tactic too; reward: +1 Health) counts the use of the Tactic Drill held beside
    it and flips. A play-tester's Quartermaster's Favour stayed at 0/2 after three Tactics and an item: the use of
    one held card was read as that card leaving, and the Opportunity never saw it."""
    a = Arena({"1-1": ["o-tactician"]}).setup(tactic="t-drill")
    a.do("move", camp="1-1")
    a.do("activate")
    a.do("keep_opportunity")
    a.s = a.s.changed({"hero": a.s.hero.__class__(a.s.hero.id, 3, 3, 2)})  # room to heal
    events = a.do("use_item", item="t-drill")
    progress = next(e for e in events if isinstance(e, hev.OpportunityProgress))
    assert (progress.card, progress.progress, progress.earned) == ("o-tactician", 1, True)
    assert a.t.earned == ("o-tactician",) and a.s.hero.health == 4


def test_an_opportunity_progress_is_public_in_the_headless_state() -> None:
    from twentystrong.engine.view import state_view

    a = Arena({"1-1": ["o-blood"]}).setup()
    a.do("move", camp="1-1")
    a.do("activate")
    a.do("keep_opportunity")
    assert state_view(a.s)["opportunities"] == [
        {"id": "o-blood", "condition": "defeats", "progress": 0, "target": 2, "earned": False}
    ]


def test_the_move_after_a_round_always_comes_first() -> None:
    """Activation is move, then act: acting before moving is refused with the order of things."""
    a = Arena().setup()
    assert a.refused("activate").message == "move to a camp first, then act there"
    assert Command("move", camp="1-1") in a.legal()


def test_an_extra_enemy_owed_this_round_comes_from_the_chip_s_neighbours() -> None:
    """An effect's "next round, activate one more enemy" (here already counted into this round's activations): after
    the camp's top card, one more enemy is added from the camps next to the chip's, as +N is; after an Opportunity,
    it still comes, and brings an engagement."""
    a = Arena({"1-1": ["b01"], "1-2": ["b02"], "1-3": ["o-scars"]}).setup()
    a.s = a.s.changed({"pending_activations": 2})
    a.do("move", camp="1-1")
    events = a.do("activate")
    assert any(isinstance(e, hev.PlusAdded) and e.camp == "1-1" for e in events)
    assert a.s.step == "reinforce" and {c.camp for c in a.legal("activate")} == {"1-2"}
    a.do("activate", camp="1-2")
    assert a.active() == ["b01", "b02"] and a.s.step == "commit"

    b = Arena({"1-3": ["o-scars"], "1-2": ["b02"]}).setup()
    b.s = b.s.changed({"pending_activations": 2})
    b.do("move", camp="1-3")
    b.do("activate")
    b.do("discard_opportunity")
    assert b.s.step == "reinforce"
    b.do("activate", camp="1-2")
    assert b.active() == ["b02"] and b.s.step == "commit"
