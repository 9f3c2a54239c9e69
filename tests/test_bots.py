"""The reference bots: they only choose legal commands, finish their games, and are deterministic."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from twentystrong.bots import BOT_NAMES, RandomBot, make_bot
from twentystrong.bots.base import Bot
from twentystrong.content.loader import load_deck, load_shipped
from twentystrong.content.model import Deck
from twentystrong.engine import Command, SetupOptions, decide_and_apply, initial_state, legal_commands
from twentystrong.engine.dice import STRENGTH
from twentystrong.engine.view import PlayerView, player_view
from twentystrong.kits.options import choose
from twentystrong.kits.solar_sentinels.bot import SolarSentinelsBot
from twentystrong.sim.runner import play_game

PLAIN = Path(__file__).parent / "decks" / "plain"

PLAYED = [name for name in BOT_NAMES if name != "expert"]
"""The bots played through whole games here; the expert searches, and has its own tests at a budget a test can
afford (test_expert.py)."""


@pytest.fixture(scope="module")
def shipped() -> Deck:
    return load_shipped("solar-sentinels")


@pytest.fixture(scope="module")
def plain() -> Deck:
    return load_deck(PLAIN)


class Watchful:
    """Wraps a bot: checks every choice is legal and keeps the choices."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.seen: list[tuple[PlayerView, list[Command], Command]] = []

    def choose(self, view: PlayerView, legal: list[Command]) -> Command:
        chosen = self.bot.choose(view, legal)
        assert chosen in legal, (view.step, chosen, legal)
        self.seen.append((view, legal, chosen))
        return chosen


def test_make_bot_knows_every_name() -> None:
    assert [make_bot(n).name for n in BOT_NAMES] == list(BOT_NAMES)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("oracle")


@pytest.mark.parametrize("name", PLAYED)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bots_choose_legal_commands_and_finish(shipped: Deck, name: str, seed: int) -> None:
    hero = shipped.heroes[seed % len(shipped.heroes)].id
    watch = Watchful(make_bot(name, seed))
    record = play_game(shipped, SetupOptions(shipped.id, hero, seed=seed), watch, round_cap=120)
    assert record.result in ("won", "lost")
    assert record.reason != "command cap"
    assert watch.seen


def test_bots_handle_missions_and_ranks(shipped: Deck) -> None:
    for seed in (4, 5):
        options = SetupOptions(shipped.id, "corona", seed=seed, choices=choose({"missions": True, "rank": 3}))
        record = play_game(shipped, options, Watchful(SolarSentinelsBot(seed)), round_cap=120)
        assert record.result in ("won", "lost")


@pytest.mark.parametrize("name", PLAYED)
def test_bots_are_deterministic(shipped: Deck, name: str) -> None:
    def moves(seed: int) -> list[Command]:
        watch = Watchful(make_bot(name, seed))
        play_game(shipped, SetupOptions(shipped.id, "umbra", seed=seed), watch, round_cap=60)
        return [chosen for _, _, chosen in watch.seen]

    assert moves(7) == moves(7)
    assert moves(7) != moves(8)


def test_random_bot_draws_from_its_own_seed(plain: Deck) -> None:
    state = decide_and_apply(initial_state(plain, SetupOptions("plain", "tester", seed=1)), Command("start"))
    assert not isinstance(state, type(None))
    s = state[1]  # type: ignore[index]
    legal = legal_commands(s)
    picks = {RandomBot(seed).choose(player_view(s), legal) for seed in range(30)}
    assert len(picks) > 1


def test_heuristic_bot_recovers_the_strongest_dice_and_takes_instant_rewards(shipped: Deck) -> None:
    watch = Watchful(SolarSentinelsBot())
    for seed in range(3):
        play_game(shipped, SetupOptions(shipped.id, "perigee", seed=seed), watch, round_cap=60)
    recovers = [(s, legal, c) for s, legal, c in watch.seen if c.cmd == "recover"]
    assert recovers
    for s, legal, chosen in recovers:
        best = max(STRENGTH[s.die(str(c.die)).color] for c in legal if c.cmd == "recover")
        assert STRENGTH[s.die(str(chosen.die)).color] == best
    rewards = [c for s, _, c in watch.seen if s.prompt is not None and s.prompt.kind == "instant_reward"]
    assert rewards and all(c.cmd == "take_reward" for c in rewards)


def test_heuristic_bot_never_applies_a_miss_or_wastes_a_die_on_a_defeated_card(shipped: Deck) -> None:
    watch = Watchful(SolarSentinelsBot())
    play_game(shipped, SetupOptions(shipped.id, "flare", seed=11), watch, round_cap=60)
    for s, _, chosen in watch.seen:
        if chosen.cmd == "apply":
            card = s.active_card(str(chosen.card))
            assert card is not None and not card.defeated


def test_heuristic_bot_beats_the_random_bot(plain: Deck) -> None:
    def wins(name: str) -> int:
        total = 0
        for seed in range(6):
            record = play_game(plain, SetupOptions("plain", "tester", seed=seed), make_bot(name, seed), round_cap=80)
            total += record.result == "won"
        return total

    assert wins("heuristic") > wins("random")


def test_bots_never_import_textual_or_rich() -> None:
    code = (
        "import sys, twentystrong.bots, twentystrong.sim, twentystrong.bench.bots;"
        "bad = [m for m in ('textual', 'rich') if m in sys.modules]; print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


ENGINE_MODULES_BOTS_READ = {"twentystrong.engine.view", "twentystrong.engine.commands", "twentystrong.engine.dice"}
"""What bots may import of the engine: the player's view (contract 11) and a ruleset's view of its own table (its
``view`` module, contract 9), the commands they answer with, and the dice tables every player knows. No engine
internals (state, hooks, handlers, rules) and no private names."""

EXPERT_PLAYS_WITH = {
    "twentystrong.engine.decide",
    "twentystrong.engine.legal",
    "twentystrong.engine.rulesets",
    "twentystrong.engine.state",
}
"""The expert (``bots/expert.py``) plays sampled worlds forward with the engine itself (its worlds are states, their
hidden cards drawn again by the ruleset); of the game being played it reads only the player's view: the twin-state
test (test_expert.py) holds it to that."""


def test_bots_read_the_players_view_only() -> None:
    """Contract 11: a bot sees the table as a player sees it, through ``engine.view``; it imports nothing else of the
    engine and no private name of any module of the project."""
    import ast

    import twentystrong.bots
    import twentystrong.kits

    bots = [
        *Path(twentystrong.bots.__file__).parent.glob("*.py"),
        *Path(twentystrong.kits.__file__).parent.glob("*/bot.py"),
    ]
    assert len(bots) > len(list(Path(twentystrong.bots.__file__).parent.glob("*.py")))  # the kits' bots are read too
    for path in bots:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("twentystrong."):
                if node.module.startswith("twentystrong.kits."):  # of a kit, its table as the player sees it only
                    # (and its own effect kinds and content models and lookups: the deck's cards, open to the player)
                    assert node.module.endswith((".rules.view", ".kinds", ".content")), (
                        path.name,
                        node.module,
                    )
                if node.module.startswith("twentystrong.engine"):
                    allowed = ENGINE_MODULES_BOTS_READ | (EXPERT_PLAYS_WITH if path.name == "expert.py" else set())
                    assert node.module in allowed, (path.name, node.module)
                private = [
                    a.name for a in node.names if a.name.startswith("_") and node.module.startswith("twentystrong")
                ]
                assert not private or node.module.startswith("twentystrong.bots"), (path.name, node.module, private)
            elif isinstance(node, ast.Import):
                assert not any(a.name.startswith("twentystrong.engine") for a in node.names), path.name
