"""The expert bot (issue 30): it decides from the player's view only (R12: two states that differ only in hidden
cards give the same choice and the same estimates), its estimates are reproducible, and it plays whole games on
both decks through the simulator."""

from __future__ import annotations

import json
import random

import pytest
import test_bots_victorum
import test_honest_play

from twentystrong.bots import expert, make_bot
from twentystrong.bots.expert import Estimate, ExpertBot, estimate, win_chance, world
from twentystrong.cli.main import main
from twentystrong.content.model import Deck
from twentystrong.engine import Rejected, decide_and_apply, initial_state, legal_commands
from twentystrong.engine.commands import Command
from twentystrong.engine.state import GameState, SetupOptions
from twentystrong.engine.view import player_view
from twentystrong.kits.options import choose
from twentystrong.sim import runner
from twentystrong.sim.runner import load, play_game

SS = "solar-sentinels"
HV = "hoplomachus-victorum"


@pytest.fixture(scope="module")
def decks() -> dict[str, Deck]:
    return {SS: load(SS), HV: load(HV)}


def positions(deck: Deck, seed: int, rounds: int) -> list[GameState]:
    """The states of a heuristic game of ``deck`` from ``rounds`` rounds before its end: decisions with a choice."""
    hero = deck.heroes[seed % len(deck.heroes)].id
    s = initial_state(deck, SetupOptions(deck.id, hero, seed=seed))
    bot = make_bot("heuristic", seed)
    seen: list[GameState] = []
    while s.result is None:
        legal = legal_commands(s)
        if len(legal) > 1:
            seen.append(s)
        out = decide_and_apply(s, bot.choose(player_view(s), legal))
        assert not isinstance(out, Rejected)
        s = out[1]
    last = s.round
    return [p for p in seen if p.round >= last - rounds]


def twin(s: GameState, rng: random.Random) -> GameState:
    """The same table with its hidden cards in another order (the bots' tests' twins, by deck)."""
    if s.deck.info.ruleset == SS:
        return test_honest_play.twin(s, rng)
    return test_bots_victorum.twin(s, rng)


@pytest.mark.parametrize("deck_id", [SS, HV])
def test_twin_states_give_the_same_estimates_and_choice(decks: dict[str, Deck], deck_id: str) -> None:
    """R12: the expert never reads a hidden card. Two states that differ only in the hidden cards (the order under
    each pile's top, the face-down deck) give the same sampled worlds, the same estimates and the same choice."""
    deck = decks[deck_id]
    rng = random.Random(30)
    compared = differ = 0
    for seed in (3, 4):
        found = positions(deck, seed, rounds=3)
        for s in rng.sample(found, 4):
            other = twin(s, rng)
            differ += other.table != s.table
            legal = legal_commands(s)
            assert legal_commands(other) == legal
            mine, theirs = estimate(s, legal, rollouts=3), estimate(player_view(other), legal, rollouts=3)
            assert mine == theirs, f"seed {seed} round {s.round} {s.step}"
            assert all(isinstance(e, Estimate) and 0.0 <= e.win_chance <= 1.0 and e.rollouts == 3 for e in mine)
            assert world(s, 1).table == world(other, 1).table  # the hidden cards drawn again, not read
            bot = ExpertBot(seed, rollouts=3, budget=10**6, least=2)
            assert bot.choose(player_view(s), legal) == ExpertBot(seed, rollouts=3, budget=10**6, least=2).choose(
                player_view(other), legal
            )
            compared += 1
    assert compared == 8
    assert differ >= 4  # the twins truly differ in what is face down


def test_estimates_are_reproducible_and_best_first(decks: dict[str, Deck]) -> None:
    """The same decision gives the same estimates (seeded from the game and the decision), best first, and the
    chance of a finished game is its result."""
    s = next(p for p in positions(decks[SS], 5, rounds=2) if len(legal_commands(p)) > 2)
    first = estimate(s, rollouts=4)
    assert first == estimate(player_view(s), rollouts=4)
    assert [e.win_chance for e in first] == sorted((e.win_chance for e in first), reverse=True)
    assert {e.command for e in first} == set(legal_commands(s))
    only = estimate(s, legal_commands(s)[:1], rollouts=4)
    assert only == [Estimate(legal_commands(s)[0], win_chance(s, rollouts=4), 4)]
    hero = decks[SS].heroes[0].id
    record = play_game(decks[SS], SetupOptions(SS, hero, seed=5), make_bot("heuristic", 5))
    assert record.result in ("won", "lost")
    assert (expert.ROUND_CAP, expert.COMMAND_CAP) == (runner.ROUND_CAP, runner.COMMAND_CAP)  # the simulator's caps


def test_the_sampled_worlds_keep_the_open_table_and_redraw_the_hidden_cards(decks: dict[str, Deck]) -> None:
    """A sampled world shows the player the same table (each pile's size and top), holds the same hidden cards,
    and rolls from a seed of its own (never the game's, which decides the true rolls)."""
    s = positions(decks[SS], 6, rounds=4)[0]
    w = world(s, 0)
    assert player_view(w).table == player_view(s).table
    hidden = sorted(c for stack in s.table.stacks for c in stack[1:])
    assert sorted(c for stack in w.table.stacks for c in stack[1:]) == hidden
    assert sorted(w.table.boss_deck) == sorted(s.table.boss_deck)
    assert w.options.seed != s.options.seed
    assert len({world(s, i).table for i in range(6)}) > 1 or len(hidden) < 2


def test_the_expert_plays_both_decks_through_the_simulator(capsys: pytest.CaptureFixture[str]) -> None:
    """``--bot expert`` (with a small ``--budget``) plays whole games of both decks; the JSON says its budget."""
    assert main(["simulate", "--bot", "expert", "--budget", "200", "--games", "1", "--hero", "corona", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["bot"] == "expert" and out["budget"] == 200 and out["overall"]["games"] == 1
    options = SetupOptions(HV, "varro", seed=2, choices=choose({"difficulty": 0}))
    record = play_game(load(HV), options, ExpertBot(2, budget=300), round_cap=80)
    assert record.result in ("won", "lost")


@pytest.mark.parametrize("deck_id", [SS, HV])
def test_twin_states_give_the_same_commit_plan(decks: dict[str, Deck], deck_id: str) -> None:
    """R12 for the commit plans: at the first commit of a Commit step, the plans the expert weighs (the heuristic
    bot's and its variants', each to the roll) and the one it picks are the same for two states that differ only in
    hidden cards; every plan is commits and then the roll."""
    deck = decks[deck_id]
    rng = random.Random(31)
    compared = 0
    for seed in (3, 4):
        found = [p for p in positions(deck, seed, rounds=3) if p.step == "commit"]
        for s in rng.sample(found, min(3, len(found))):
            other = twin(s, rng)
            legal = legal_commands(s)
            mine = ExpertBot(seed, rollouts=3, budget=10**6, least=2, plans=True)
            theirs = ExpertBot(seed, rollouts=3, budget=10**6, least=2, plans=True)
            assert mine.choose(player_view(s), legal) == theirs.choose(player_view(other), legal)
            assert mine.plan == theirs.plan
            assert all(c.cmd == "commit" for c in mine.plan[:-1])
            assert not mine.plan or mine.plan[-1].cmd == "roll"
            compared += 1
    assert compared >= 4


def test_the_race_keeps_the_heuristic_move_and_the_leader_and_drops_sure_losers() -> None:
    """Racing: the heuristic bot's move (first) and the leader stay; a move the leader beats by more than ``drop``
    standard errors over the same worlds leaves the race; a move is chosen over the first only when it wins surely
    more often (more than ``z`` standard errors)."""
    first = [1.0, 0.0, 1.0, 0.0, 1.0, 0.0]
    better = [1.0, 1.0, 1.0, 1.0, 1.0, 0.0]
    worse = [0.0, 0.0, 0.0, 0.0, 1.0, 0.0]
    tied = list(first)
    assert expert._contenders([0, 1, 2, 3], [first, better, worse, tied], 1.0) == [0, 1]
    assert expert._contenders([0, 1, 2], [first, worse, tied], 1.0) == [0, 2]
    assert expert._surely_better([first, better, worse], 1.0) == 1
    assert expert._surely_better([first, worse, tied], 0.0) == 0
    assert expert._surely_better([first, [1.0, 0.0, 1.0, 0.0, 1.0, 1.0]], 1.5) == 0  # one world: not sure


def test_a_pick_is_played_only_if_fresh_worlds_confirm_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The winner's curse: the search's pick leaves the heuristic bot's move only if it also wins more often over as
    many fresh sampled worlds (numbered after the search's); without ``confirm`` the search's figures alone decide."""
    default, lucky = (Command("resolve"),), (Command("repeat"),)

    def fake_world(s: object, index: int) -> int:
        return index  # a world is its number here

    def fake_rollout(sampled: int, first: tuple[Command, ...]) -> tuple[float, int]:
        # The pick wins every searched world and loses every fresh one; the heuristic bot's move wins half of each.
        won = (1.0 if sampled < 8 else 0.0) if first == lucky else float(sampled % 2)
        return won, 10

    monkeypatch.setattr(expert, "world", fake_world)
    monkeypatch.setattr(expert, "rollout", fake_rollout)
    s = object()
    assert ExpertBot(1, rollouts=8, budget=10**6, confirm=False)._weigh(s, [default, lucky]) == 1  # type: ignore[arg-type]
    assert ExpertBot(1, rollouts=8, budget=10**6)._weigh(s, [default, lucky]) == 0  # type: ignore[arg-type]

    def fair_rollout(sampled: int, first: tuple[Command, ...]) -> tuple[float, int]:
        return (1.0 if first == lucky else float(sampled % 2)), 10  # the pick wins fresh worlds too

    monkeypatch.setattr(expert, "rollout", fair_rollout)
    assert ExpertBot(1, rollouts=8, budget=10**6)._weigh(s, [default, lucky]) == 1  # type: ignore[arg-type]


@pytest.mark.parametrize("deck_id", [SS, HV])
def test_in_the_boss_fight_the_expert_applies_as_the_advisor_says(decks: dict[str, Deck], deck_id: str) -> None:
    """In the boss fight, after a roll, the expert plays the advisor's move (the one advisor, which plays for the
    boss): its first die to apply, a new phase where it keeps dice to roll again (the default); the same for twin
    states (R12), and without ``boss`` the heuristic bot's move. Each answer costs the game's budget of the
    advisor's work (the size of the question, never a time, the same for twin states): one the budget left cannot
    pay for gives way to the heuristic bot's move, and the budget is not spent then."""
    from twentystrong.odds.advice import hint

    deck = decks[deck_id]
    rng = random.Random(32)
    checked = 0
    for seed in range(3, 9):
        found = [p for p in positions(deck, seed, rounds=1) if p.step == "apply" and expert._boss_fight(player_view(p))]
        for s in found[:3]:
            legal = legal_commands(s)
            view = player_view(s)
            advice = hint(view)
            chosen = ExpertBot(seed).choose(view, legal)
            assert chosen == ExpertBot(seed).choose(player_view(twin(s, rng)), legal)
            if advice.commands and advice.commands[0] in legal:
                assert chosen == advice.commands[0]
            heuristic = make_bot("heuristic", seed).choose(view, legal)
            assert ExpertBot(seed, boss=False).choose(view, legal) == heuristic
            work = expert.advice_work(view)
            assert work == expert.advice_work(player_view(twin(s, rng))) > 0
            poor = ExpertBot(seed, advice=work - 1)
            assert poor.choose(view, legal) == heuristic
            assert (poor.advice, poor.capped) == (work - 1, 1)
            exact = ExpertBot(seed, advice=work)
            assert exact.choose(view, legal) == chosen
            assert (exact.advice, exact.capped) == (0, 0)
            checked += 1
    assert checked >= 3
