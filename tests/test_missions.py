"""Solar Sentinels missions: every condition, one at a time, left to right, on the chip (rules.md "Missions").

Scenarios deal ``tests/decks/effects_triggered`` in file order with physical dice (see ``triggered_helpers``); the
missions of each game are given in deal order. Each docstring names the rule it checks.
"""

from __future__ import annotations

from triggered_helpers import Game

from twentystrong.engine import Command
from twentystrong.kits.solar_sentinels.rules import events as sev
from twentystrong.kits.solar_sentinels.rules.missions import mandatory_stack


def status(g: Game) -> list[tuple[str, str, int]]:
    """Every dealt mission: id, status, progress."""
    return [(m.id, m.status, m.progress) for m in g.s.table.missions]


def test_damage_taken_rounds() -> None:
    """damage_taken_rounds (target 2): each round in which Resolve step 1 costs Health counts once; the chip
    shows progress and clears when the mission is done."""
    g = Game(["t-one-defeat", "t-flees", "f01"], missions=["ms-damage"])
    g.activate(1)
    g.finish_round(discard=3)
    assert status(g) == [("ms-damage", "pending", 1)] and g.s.table.chip == 1
    g.activate(1)
    g.finish_round(discard=3)
    assert status(g) == [("ms-damage", "done", 2)] and g.s.table.chip == 0


def test_defeats_by_level() -> None:
    """defeats_by_level (level 2, target 2): level-1 defeats do not count; an item's defeat counts like any."""
    g = Game(["a-plus-one", "f01", "f07"], missions=["ms-level-2"])
    g.activate(1)
    g.activate(1)
    g.commit("R1", "P1")
    g.roll(R1="crit", P1="crit")
    g.apply("P1", "f01")
    assert status(g) == [("ms-level-2", "pending", 0)]
    g.apply("R1", "a-plus-one")
    assert status(g) == [("ms-level-2", "pending", 1)]
    g.finish_round(discard=3)
    g.activate(1)
    g.hit("f07", "B1")
    assert status(g) == [("ms-level-2", "done", 2)]


def test_items_used_not_abilities() -> None:
    """items_used: using an item counts; the hero's ability is not an item."""
    g = Game(["i-fewer", "t-one-defeat"], hero="converter", missions=["ms-items"])
    g.gain("i-fewer")
    g.activate(1)
    g.commit("B1")
    g.roll(B1="hit")
    g.do("use_ability", effect=0, die="B1")
    assert status(g) == [("ms-items", "pending", 0)]
    g.do("use_item", item="i-fewer")
    assert status(g) == [("ms-items", "done", 1)]


def test_instant_declined() -> None:
    """instant_declined: declining an instant reward counts; taking one does not."""
    g = Game(["r-heal", "r-recover"], missions=["ms-decline"])
    g.activate(1)
    g.hit("r-heal", "Y1")
    g.do("take_reward", card="r-heal")
    assert status(g) == [("ms-decline", "pending", 0)]
    g.finish_round(discard=3)
    g.activate(1)
    g.hit("r-recover", "Y2")
    g.do("decline_reward", card="r-recover")
    assert status(g) == [("ms-decline", "done", 1)]


def test_extra_stack_discards() -> None:
    """extra_stack_discards (target 2): the Cleanup stack discard does not count; effect discards do, and a
    mission done half-way through a command takes no more (each-stack discards 3 here)."""
    g = Game(["f01", "s-discard-each"], missions=["ms-stack-discards"])
    g.activate(1)
    g.finish_round(discard=3)
    assert status(g) == [("ms-stack-discards", "pending", 0)]
    g.activate(1)
    g.hit("s-discard-each", "Y1")
    assert len(g.of(sev.StackTopDiscarded)) == 3
    assert status(g) == [("ms-stack-discards", "done", 2)]


def test_unapplied_crits_exhausted() -> None:
    """unapplied_crits_exhausted: a crit never applied, exhausted at Resolve step 3, counts; an applied crit or an
    unapplied hit does not."""
    g = Game(["t-flees"], missions=["ms-crits"])
    g.activate(1)
    g.commit("B1", "B2", "B3")
    g.roll(B1="crit", B2="hit", B3="crit")
    g.apply("B1", "t-flees")
    g.resolve()
    assert status(g) == [("ms-crits", "done", 1)]


def test_unapplied_crits_exhausted_needs_a_crit() -> None:
    """unapplied_crits_exhausted: hits left unapplied do not count."""
    g = Game(["t-flees"], missions=["ms-crits"])
    g.activate(1)
    g.commit("B1")
    g.roll(B1="hit")
    g.resolve()
    assert status(g) == [("ms-crits", "pending", 0)]


def test_end_round_health_exactly() -> None:
    """end_round_health_exactly (5): checked when the round ends — Health 5 then counts."""
    g = Game(["t-one-defeat"], missions=["ms-health"])
    g.activate(1)
    g.resolve()
    assert g.s.hero.health == 5 and status(g) == [("ms-health", "pending", 0)]
    g.finish_round()
    assert status(g) == [("ms-health", "done", 1)]


def test_colors_on_one_enemy() -> None:
    """colors_on_one_enemy (3): the die that brings a third colour onto one enemy counts; colours spread over
    two enemies do not."""
    g = Game(["a-plus-one", "p-color-tax"], missions=["ms-colors"])
    g.activate(1)
    g.activate(1)
    g.commit("Y1", "G1", "B1", "P1")
    g.roll(Y1="hit", G1="hit", B1="hit", P1="hit")
    g.apply("Y1", "a-plus-one")
    g.apply("G1", "p-color-tax")
    g.apply("B1", "p-color-tax")
    assert status(g) == [("ms-colors", "pending", 0)]
    g.apply("P1", "p-color-tax")
    assert status(g) == [("ms-colors", "done", 1)]


def test_commit_all_pool_colors() -> None:
    """commit_all_pool_colors (2): a roll for which every pool die of two colours was committed that phase counts;
    three of the four yellow dice is not all of them."""
    g = Game(["t-flees", "f01"], missions=["ms-commit"])
    g.activate(1)
    g.commit("Y1", "Y2", "Y3", "R1")
    g.roll(Y1="miss", Y2="miss", Y3="miss", R1="hit")  # only red is complete
    assert status(g) == [("ms-commit", "pending", 0)]
    g.finish_round(discard=3)
    g.activate(1)
    g.commit("G1", "G2", "G3", "G4", "Y4")  # yellow: Y4 is the last yellow die in the pool
    g.roll(G1="hit", G2="hit", G3="hit", G4="hit", Y4="hit")
    assert status(g) == [("ms-commit", "done", 1)]


def test_activation_size() -> None:
    """activation_size (3): a round that activates three enemies (a +2 card) counts."""
    g = Game(["f01", "a-plus-two"], missions=["ms-crowd"])
    g.activate(1)
    g.finish_round(discard=3)
    assert status(g) == [("ms-crowd", "pending", 0)]
    g.activate(1)
    g.activate(1)
    assert status(g) == [("ms-crowd", "pending", 0)]
    g.activate(1)
    assert status(g) == [("ms-crowd", "done", 1)]


def test_stack_mandatory_rounds() -> None:
    """stack_mandatory_rounds (2): when it becomes current the player chooses a stack; its top then counts as a
    mandatory enemy (R3: only it may be activated; the Cleanup stack discard spares it) for two rounds, after
    which the mission is done and the choice is free again."""
    g = Game(missions=["ms-mandatory"])
    p = g.s.prompt
    assert p is not None and p.kind == "choose_stack" and p.options == ("1", "2", "3")
    g.choose(stack=2)
    assert mandatory_stack(g.s) == 2
    assert [c for c in g.legal() if c.cmd == "activate"] == [Command("activate", stack=2)]
    g.activate(2)
    g.resolve()
    assert [c.stack for c in g.legal() if c.cmd == "stack_discard"] == [1, 3]
    refused = g.refused("stack_discard", stack=2)  # the refusal says why, in words, never the command's id
    assert "is mandatory: it cannot be discarded" in refused.message and "stack_discard" not in refused.message
    g.do("stack_discard", stack=1)
    assert status(g) == [("ms-mandatory", "pending", 1)] and g.s.table.chip == 1
    g.activate(2)
    g.finish_round()
    assert status(g) == [("ms-mandatory", "done", 2)]
    assert mandatory_stack(g.s) is None and len([c for c in g.legal() if c.cmd == "activate"]) == 3


def test_a_stack_a_mission_makes_mandatory_shows_it_to_the_player_and_to_bots() -> None:
    """stack_mandatory_rounds: the stack chosen is marked mandatory on the table (the stack's ``!``, the hint "a
    mandatory top must be taken first"), in the headless state and in the bots' view, as a printed mandatory top
    is. Two play-testers saw "Only stack 3 can be chosen" with no mark and no reason."""
    from twentystrong.engine.view import player_view
    from twentystrong.kits.solar_sentinels.board.stacks import StackInfo
    from twentystrong.kits.solar_sentinels.rules.view import state_keys, table_view

    g = Game(missions=["ms-mandatory"])
    assert [StackInfo.of(player_view(g.s), i).mandatory for i in range(3)] == [False, False, False]
    g.choose(stack=2)
    view = player_view(g.s)
    assert [StackInfo.of(view, i).mandatory for i in range(3)] == [False, True, False]
    assert table_view(g.s).marked_stack == 2
    assert [stack["mandatory"] for stack in state_keys(g.s)["stacks"]] == [False, True, False]


def test_stack_mandatory_chosen_after_activation_binds_next_round() -> None:
    """stack_mandatory_rounds: chosen after this round's activation (the mission became current mid-round), the
    stack is mandatory from the next round, and only rounds it was mandatory count."""
    g = Game(["i-fewer", "f01"], missions=["ms-items", "ms-mandatory", "ms-health"])
    g.do("discard_mission", mission="ms-health")
    g.gain("i-fewer")
    g.activate(1)
    g.do("use_item", item="i-fewer")
    assert status(g)[0] == ("ms-items", "done", 1)
    assert g.s.prompt is not None and g.s.prompt.kind == "choose_stack"
    g.choose(stack=3)
    assert mandatory_stack(g.s) is None  # not this round: the activation is over
    g.finish_round(discard=1)
    assert status(g)[1] == ("ms-mandatory", "pending", 0)
    assert mandatory_stack(g.s) == 3


def test_forfeit_takes_the_missions_question_with_it() -> None:
    """Forfeiting a stack_mandatory_rounds mission while it asks for its stack closes the question."""
    g = Game(missions=["ms-mandatory"])
    assert g.s.prompt is not None and g.can("forfeit_mission", mission="ms-mandatory")
    g.do("forfeit_mission", mission="ms-mandatory")
    assert g.s.prompt is None and status(g) == [("ms-mandatory", "forfeited", 0)]
    assert len([c for c in g.legal() if c.cmd == "activate"]) == 3


def test_only_the_current_mission_counts() -> None:
    """Missions are done left to right: what happens before a mission is current never counts for it."""
    g = Game(["r-heal", "i-fewer", "r-recover"], missions=["ms-items", "ms-decline", "ms-health"])
    assert g.s.step == "mission_discard"
    g.do("discard_mission", mission="ms-health")
    g.activate(1)
    g.hit("r-heal", "Y1")
    g.do("decline_reward", card="r-heal")
    assert status(g) == [("ms-items", "pending", 0), ("ms-decline", "pending", 0), ("ms-health", "discarded", 0)]
    g.finish_round(discard=3)
    g.gain("i-fewer", discard=3)
    g.do("use_item", item="i-fewer")
    assert status(g)[:2] == [("ms-items", "done", 1), ("ms-decline", "pending", 0)]
    g.activate(1)
    g.hit("r-recover", "Y2")
    g.do("decline_reward", card="r-recover")
    assert status(g)[:2] == [("ms-items", "done", 1), ("ms-decline", "done", 1)]


def test_forfeit_and_the_entourage() -> None:
    """The player may forfeit the current mission at any time (progress leaves the chip); at the endgame every
    unfinished mission, forfeited or pending, adds one enemy to the boss's entourage."""
    quiet = [f"f{i:02d}" for i in range(1, 11)] + ["i-fewer", "i-double", "i-reveal", "i-cancel", "i-pair", "i-swap"]
    g = Game(quiet, missions=["ms-damage", "ms-decline", "ms-crowd"], bosses=["b-banisher", "b-taxer", "b-shield"])
    g.do("discard_mission", mission="ms-crowd")
    assert g.can("forfeit_mission", mission="ms-damage")
    g.do("forfeit_mission", mission="ms-damage")
    assert status(g)[0] == ("ms-damage", "forfeited", 0) and g.s.table.chip == 0
    assert g.can("forfeit_mission", mission="ms-decline")
    from test_effects_triggered import _empty_stack_one

    _empty_stack_one(g)
    g.do("start_endgame")
    entourage = [c for c in g.s.active if c.entourage]
    assert len(entourage) == 0 + 2  # b-banisher's +0, one forfeited and one pending mission
