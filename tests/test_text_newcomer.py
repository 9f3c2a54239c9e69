"""Issue 15, the words a newcomer reads: cards as printed, prompts that name the stake, the engine's refusals, what
changed on its own, the Resolve preview, the primer, the hints and the game-over summary.

Pure tests (no Textual): the shipped deck where a card is named in the issue, else scenario decks written by
``test_effects_passive.make_deck`` with physical dice and an ordered deal, so every face is the test's.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_effects_passive import Game, card, effect, make_deck

from twentystrong.content.loader import load_shipped
from twentystrong.content.model import Deck
from twentystrong.engine.legal import awaiting
from twentystrong.record.ladder import RULES
from twentystrong.text.announce import announcements
from twentystrong.text.cards import printed_lines
from twentystrong.text.hints import HINTS, hint_for
from twentystrong.text.preview import resolve_preview
from twentystrong.text.primer import dice_lines, primer
from twentystrong.text.prompts import prompt_words, wasted_apply
from twentystrong.text.stats import GameStats, ladder_words, summary_sentences


@pytest.fixture(scope="module")
def shipped() -> Deck:
    return load_shipped("solar-sentinels")


# --- cards read as printed ---------------------------------------------------------------------------------------


def test_a_card_reads_as_printed_effect_timing_first_then_its_reward(shipped: Deck) -> None:
    """Caustic Mite: its After effect under "After:", then the instant reward with what it gives (the table used to
    show "★ instant reward" above an unlabelled "Lose 1 Health.")."""
    lines = [(line.label, line.text) for line in printed_lines(shipped.card("caustic-mite"))]
    assert lines[0] == ("After:", "Lose 1 Health.")
    assert lines[1][0] == "Instant reward:" and lines[1][1].startswith("Gain 1 Health.")
    siphon = [(line.label, line.text) for line in printed_lines(shipped.card("void-siphon"))]
    assert siphon[0][0] in ("During:", "Special (on activate):", "After:") and "Banish the strongest" in siphon[0][1]
    assert siphon[-1][0].startswith("Ongoing item")


def test_a_boss_reads_its_rules_under_rule(shipped: Deck) -> None:
    boss = shipped.bosses[0]
    assert all(line.label in ("Rule:", "After:") or line.label.startswith("Special") for line in printed_lines(boss))


# --- prompts name the stake ------------------------------------------------------------------------------------


def test_the_instant_reward_prompt_says_what_the_reward_gives(tmp_path: Path) -> None:
    g = Game(
        make_deck(tmp_path, [card("tick", health=1, reward={"kind": "instant", "effects": [effect("heal", amount=2)]})])
    )
    g.do("activate", stack=1)
    g.commit("B1")
    g.roll(B1="hit")
    g.apply("B1", "tick")
    assert awaiting(g.state)["kind"] == "instant_reward"
    words = prompt_words(g.state, awaiting(g.state))
    assert words == "Tick is defeated: take its instant reward (gain 2 Health) or decline it. " + (
        "The Health it gives changes nothing: you are at 6/6, the most Health can be."
    )


def test_the_gain_prompt_names_the_item_its_kind_and_what_it_does(shipped: Deck, tmp_path: Path) -> None:
    mimic = card(
        "mimic",
        health=1,
        reward={
            "kind": "ongoing",
            "effects": [
                effect("convert_face", colors=["purple"], from_face="miss", to_face="hit", once_per_round=True)
            ],
        },
    )
    g = Game(make_deck(tmp_path, [mimic]))
    g.do("activate", stack=1)
    g.commit("B1")
    g.roll(B1="hit")
    g.apply("B1", "mimic")
    g.do("resolve")
    g.do("done")
    assert awaiting(g.state)["kind"] == "gain_items"
    words = prompt_words(g.state, awaiting(g.state))
    assert words.startswith("Gain Mimic — ongoing item, once per round: ")
    assert "purple" in words and words.endswith(".")


# --- the engine's refusals -------------------------------------------------------------------------------------


def test_refusals_say_why(tmp_path: Path) -> None:
    """The endgame's opening, the last Strategy phase, a blocked apply naming the card that blocks it."""
    sleeper = card("synodic-sleeper", effect("no_apply_while_miss"), health=9)
    g = Game(make_deck(tmp_path, [sleeper]))
    assert g.reject("start_endgame").message == "the endgame opens once a stack is empty, at the start of a round"
    g.do("activate", stack=1)
    g.commit("B1", "B2")
    g.roll(B1="hit", B2="miss")
    refused = g.reject("apply", die="B1", card="synodic-sleeper")
    assert refused.code == "apply_blocked"
    assert refused.message == (
        "B1 → Synodic Sleeper: Nothing can be applied while a rolled die shows a miss (Synodic Sleeper)."
    )
    assert g.reject("apply", die="B2", card="synodic-sleeper").message == "B2 shows a miss: misses cannot be applied"
    for _ in range(2):
        g.do("repeat")
        g.roll(B1="miss", B2="miss")
    refused = g.reject("repeat")
    assert refused.code == "strategy_limit"
    assert refused.message == "that was the last Strategy phase: Strategy 3 allows 3 per engagement; resolve now"


def test_a_full_inventory_refusal_says_how_full(tmp_path: Path) -> None:
    items = [
        card(f"kit-{n}", health=1, reward={"kind": "single_use", "effects": [effect("heal", amount=1)]})
        for n in range(4)
    ]
    hero = {"id": "tester", "name": "Tester", "health": 6, "strategy": 1, "recovery": 3}
    g = Game(make_deck(tmp_path, items[:2], heroes=[hero]))
    for round_ in range(2):
        g.do("activate", stack=1)
        g.commit(f"P{round_ + 1}")
        g.roll(**{f"P{round_ + 1}": "hit"})
        g.apply(f"P{round_ + 1}", f"kit-{round_}")
        g.do("resolve")
        g.do("done")
        if round_ == 0:
            g.do("gain_item", card="kit-0")
            g.do("stack_discard", stack=3)
    refused = g.reject("gain_item", card="kit-1")
    assert (refused.code, refused.message) == ("inventory_full", "inventory full (1/1): use or discard an item first")


# --- what changed on its own ---------------------------------------------------------------------------------------


def test_resolve_damage_is_announced_with_its_sources(tmp_path: Path) -> None:
    maw = card("rust-maw", damage=2, additional=1, health=9)
    wasp = card("ember-wasp", damage=1, health=9)
    g = Game(make_deck(tmp_path, [maw], [wasp]))
    g.do("activate", stack=1)
    g.do("activate", stack=2)
    g.roll()
    preview = resolve_preview(g.state)
    assert preview is not None and preview.words() == "Resolve: −3 Health (Rust Maw 2, Ember Wasp 1)"
    before = g.state
    events = g.do("resolve")
    said = announcements(before, events)
    assert "You suffer 3 damage from Rust Maw (2) and Ember Wasp (1) (Health 6 → 3)." in said


def test_the_preview_names_after_effects_and_a_lethal_resolve(tmp_path: Path) -> None:
    mite = card("caustic-mite", effect("lose_health", amount=1, timing="after"), damage=6, health=9)
    g = Game(make_deck(tmp_path, [mite]))
    g.do("activate", stack=1)
    preview = resolve_preview(g.state)
    assert preview is not None and preview.lethal
    assert preview.words() == (
        "Resolve: −6 Health (Caustic Mite 6): that would end the game, then After: lose 1 Health (Caustic Mite)"
    )
    assert preview.short() == "At Resolve: −6 ♥ +After"


def test_healing_says_when_it_is_capped_at_6(tmp_path: Path) -> None:
    biter = card("biter", damage=1, health=9)
    medic = card("medic", health=1, reward={"kind": "instant", "effects": [effect("heal", amount=3)]})
    g = Game(make_deck(tmp_path, [biter, medic]))
    g.do("activate", stack=1)
    g.roll()
    g.finish_round(discard_stack=3)
    assert g.state.hero.health == 5
    g.do("activate", stack=1)
    g.commit("B1")
    g.roll(B1="hit")
    g.apply("B1", "medic")
    before = g.state
    events = g.do("take_reward", card="medic")
    assert "You gain 1 Health (Health 5 → 6, capped at 6)." in announcements(
        before, events, _cmd("take_reward", "medic")
    )


def test_an_instant_heal_at_full_health_is_said_to_change_nothing(tmp_path: Path) -> None:
    medic = card("medic", health=1, reward={"kind": "instant", "effects": [effect("heal", amount=2)]})
    g = Game(make_deck(tmp_path, [medic]))
    g.do("activate", stack=1)
    g.commit("B1")
    g.roll(B1="hit")
    g.apply("B1", "medic")
    before = g.state
    events = g.do("take_reward", card="medic")
    assert announcements(before, events, _cmd("take_reward", "medic")) == ["Health stays at 6 (capped at 6)."]


def test_dice_banished_by_an_effect_and_a_fleeing_card_are_announced(tmp_path: Path) -> None:
    siphon = card("void-siphon", effect("banish_strongest_pool_die", timing="special", trigger="on_activate"))
    g = Game(make_deck(tmp_path, [siphon]))
    before = g.state
    events = g.do("activate", stack=1)
    assert "R1 is banished by Void Siphon." in announcements(before, events, _cmd("activate", stack=1))

    runner = card("skitter", effect("flees_on_roll", misses=2), health=9)
    (tmp_path / "second").mkdir()
    g = Game(make_deck(tmp_path / "second", [runner]))
    g.do("activate", stack=1)
    g.commit("Y1", "Y2")
    g.do("roll")
    before = g.state
    events = g.do("faces", faces=(("Y1", "miss"), ("Y2", "miss")))
    assert "Skitter flees." in announcements(before, events)


def test_a_die_that_would_deal_nothing_is_flagged_before_it_is_applied(tmp_path: Path) -> None:
    shell = card("mirror-shell", effect("crits_deal_zero"), health=9)
    g = Game(make_deck(tmp_path, [shell]))
    g.do("activate", stack=1)
    g.commit("B1", "B2")
    g.roll(B1="crit", B2="hit")
    from twentystrong.engine.commands import Command

    flagged = wasted_apply(g.state, Command("apply", die="B1", card="mirror-shell"))
    assert flagged == "B1✶ would add no damage to Mirror Shell: Crits deal no damage to this card (Mirror Shell)"
    assert wasted_apply(g.state, Command("apply", die="B2", card="mirror-shell")) is None


def _cmd(cmd: str, card_id: str | None = None, stack: int | None = None):  # type: ignore[no-untyped-def]
    from twentystrong.engine.commands import Command

    return Command(cmd, card=card_id, stack=stack)


# --- learnable inside the game -------------------------------------------------------------------------------------


def test_the_primer_gives_each_colours_faces_from_the_engine() -> None:
    lines = dict(dice_lines())
    assert lines["Y yellow ×4"] == "2 of 6 faces hit (1 of them a crit), 4 miss"
    assert lines["R red ×1"] == "6 of 6 faces hit (1 of them a crit), 0 miss"
    titles = [section.title for section in primer("solar-sentinels")]
    assert titles == ["How a round goes", "The dice", "Symbols on the table", "Keywords"]
    terms = {term for section in primer("solar-sentinels") for term, _ in section.lines}
    for needed in ("mandatory", "+N", "commit", "apply", "exhaust", "recover", "banish", "endgame", "!", "▶", "chip"):
        assert needed in terms, needed
    assert any(term.startswith("L1 ♥3 ⚔2 +1") for term in terms) and "★ ◆ ◈" in terms


def test_the_second_decks_primer_explains_its_own_rules() -> None:
    """Hoplomachus Victorum's primer: how you win (every Primus, then the final fight, the Bane), the round (move,
    then activate / spectate / fight), Primus fights that last, the pyramid's symbols and the deck's keywords; none of
    Solar Sentinels' stacks, missions, endgame or boss."""
    sections = primer("hoplomachus-victorum")
    titles = [section.title for section in sections]
    assert titles == ["How you win", "How a round goes", "The dice", "Symbols on the pyramid", "Keywords"]
    terms = {term for section in sections for term, _ in section.lines}
    for needed in ("Bane", "1 Move", "then act", "Primus fights", "B S O", "✧", "♛", "training grounds", "Sport"):
        assert needed in terms, needed
    words = " ".join(text for section in sections for _, text in section.lines)
    assert "final fight" in words and "Influence deck" in words and "spectate" in words
    for foreign in ("stack", "mission", "endgame", "boss"):
        assert foreign not in words.lower(), foreign


def test_every_kind_of_step_a_newcomer_meets_has_a_hint() -> None:
    for kind in ("activate", "commit", "apply", "recover", "gain_items", "stack_discard", "instant_reward"):
        assert hint_for(kind), kind
    assert hint_for("over") is None
    assert all(len(text) < 200 for text in HINTS.values())  # one line, more or less, at 80 columns


# --- the game-over summary -----------------------------------------------------------------------------------------


def test_the_summary_reads_as_sentences_and_says_the_rank_change() -> None:
    stats = GameStats(
        result="won",
        reason="the boss is defeated",
        rounds=17,
        damage_dealt=80,
        damage_taken=12,
        damage_suffered=10,
        healed=4,
        enemies_defeated=21,
        bosses_defeated=1,
        items_gained=5,
        items_used=3,
        instant_rewards_taken=6,
        goals_completed=3,
        luck=(),
    )
    assert summary_sentences(stats, goals=3, goal="mission") == [
        "You played 17 rounds, dealt 80 damage and took 12 (10 of it from enemies at Resolve) and regained 4 Health.",
        "You defeated 21 enemies and the boss, gained 5 items and used 3, and took 6 instant rewards.",
        "You completed 3 of 3 missions.",
    ]
    SS = RULES["solar-sentinels"]
    assert ladder_words(1, 2, rule=SS) == "Your rank rises: 1 Solar Soldier → 2 Solar Specialist."
    assert ladder_words(3, 2, rule=SS) == "Your rank falls: 3 Solar Sergeant → 2 Solar Specialist."
    assert ladder_words(6, 6, rule=SS) == "Your rank stays 6 Senior Solar Sentinel."
    assert ladder_words(2, 2, "no missions", rule=SS).startswith(
        "Games without missions do not move the ladder (ranks come only with missions)"
    )
    assert ladder_words(2, 2, "assisted", rule=SS).startswith("Assisted games do not move the ladder")
