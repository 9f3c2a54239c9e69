"""Golden games: seeded games whose event logs must not change (style.md "Speed, and what it may cost").

Each game is played from a fixed setup by a fixed player (the heuristic or the random bot, or a seeded random
session that also undoes and redoes); its whole event log, serialised as saves and the headless protocol write it
(``events.to_dict``, JSON with sorted keys), is reduced to a SHA-256 fingerprint and compared with the one committed
in ``tests/golden/fingerprints.json``. A few headless transcripts (every answer of the protocol to a scripted
conversation) are fingerprinted the same way.

A refactoring of the engine, the rulesets or the bots must leave every fingerprint as it is: same seeds and commands
give the same events (architecture.md contract 4), the same legal lists in the same order (the random bot picks by
position) and the same bot decisions. When a change *means* to change behaviour, regenerate the file with::

    .venv/bin/python tests/test_golden_games.py --bless

and say in the commit why the games changed.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from twentystrong.bots import make_bot
from twentystrong.content.loader import load_deck, load_shipped
from twentystrong.content.model import Deck
from twentystrong.engine import Command, GameState, Rejected, SetupOptions, decide_and_apply, initial_state
from twentystrong.engine.events import Event, to_dict
from twentystrong.engine.legal import legal_commands
from twentystrong.engine.view import PlayerView, player_view
from twentystrong.kits.options import choose
from twentystrong.session import Session
from twentystrong.session.protocol import Protocol

TESTS = Path(__file__).resolve().parent
GOLDEN = TESTS / "golden" / "fingerprints.json"
COMMAND_CAP = 3000
"""Commands after which a game is cut (a golden game needs no end, only the same events)."""


def fingerprint(items: list[Any]) -> str:
    """SHA-256 of a list of JSON-ready objects, serialised with sorted keys, one per line."""
    digest = hashlib.sha256()
    for item in items:
        digest.update(json.dumps(item, sort_keys=True, ensure_ascii=False).encode())
        digest.update(b"\n")
    return digest.hexdigest()


def log_fingerprint(events: list[Event]) -> str:
    """The fingerprint of an event log."""
    return fingerprint([to_dict(e) for e in events])


# --- the games ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BotGame:
    """A game played to its end by one of the shipped bots."""

    deck: str  # a shipped deck id, or "tests/<folder>" for a test deck
    hero: str
    bot: str
    seed: int
    missions: bool = False
    rank: int = 1
    dice: str = "virtual"
    deal: str = "shuffled"
    difficulty: int = 0

    @property
    def name(self) -> str:
        if self.deck == VICTORUM:
            return f"bot/{self.deck}/{self.hero}/{self.bot}/d{self.difficulty}/s{self.seed}"
        setup = f"{'missions' if self.missions else 'no-missions'}-r{self.rank}-{self.dice}-{self.deal}"
        return f"bot/{self.deck}/{self.hero}/{self.bot}/{setup}/s{self.seed}"


@dataclass(frozen=True)
class SessionGame:
    """A game played through a session by a seeded random player that undoes now and then (and redoes)."""

    deck: str
    hero: str
    seed: int
    assisted: bool
    missions: bool = False
    rank: int = 1
    difficulty: int = 0

    @property
    def name(self) -> str:
        play = "assisted" if self.assisted else "standard"
        setup = f"{'missions' if self.missions else 'no-missions'}-r{self.rank}"
        if self.deck == VICTORUM:
            setup = f"d{self.difficulty}"
        return f"session/{self.deck}/{self.hero}/{play}/{setup}/s{self.seed}"


@dataclass(frozen=True)
class Transcript:
    """A headless conversation: a seeded random player's commands, with meta commands and bad lines mixed in."""

    hero: str
    seed: int
    assisted: bool = False
    dice: str = "virtual"
    missions: bool = False
    rank: int = 1
    lines: int = 400

    @property
    def name(self) -> str:
        play = "assisted" if self.assisted else "standard"
        setup = f"{'missions' if self.missions else 'no-missions'}-r{self.rank}"
        return f"headless/{self.hero}/{play}/{self.dice}/{setup}/s{self.seed}"


SHIPPED = "solar-sentinels"
VICTORUM = "hoplomachus-victorum"


def _heroes(deck: Deck) -> list[str]:
    return [h.id for h in deck.heroes]


def bot_games() -> Iterator[BotGame]:
    """Every hero of the shipped deck with both bots, without missions (rank 1) and with missions (ranks 1 and 4);
    physical dice and an ordered deal for a few; the test decks full of effects with the random bot."""
    deck = _deck(SHIPPED)
    seed = 100
    for bot in ("heuristic", "random"):
        for hero in _heroes(deck):
            for missions, rank in ((False, 1), (True, 1), (True, 4)):
                seed += 1
                yield BotGame(SHIPPED, hero, bot, seed, missions, rank)
    heroes = _heroes(deck)
    for bot in ("heuristic", "random"):
        yield BotGame(SHIPPED, heroes[0], bot, 301, dice="physical")
        yield BotGame(SHIPPED, heroes[3], bot, 302, True, 2, dice="physical")
        yield BotGame(SHIPPED, heroes[1], bot, 303, True, 1, deal="ordered")
    victorum = _heroes(_deck(VICTORUM))
    for bot in ("heuristic", "random"):  # the second deck: every hero at difficulty 0, two harder games
        for i, hero in enumerate(victorum):
            yield BotGame(VICTORUM, hero, bot, 700 + i)
        yield BotGame(VICTORUM, victorum[0], bot, 720, difficulty=2)
        yield BotGame(VICTORUM, victorum[1], bot, 721, difficulty=4)
    for folder in ("tests/effects_passive", "tests/effects_triggered"):
        for i, hero in enumerate(_heroes(_deck(folder))):
            yield BotGame(folder, hero, "random", 400 + i, missions=i % 2 == 1, rank=1 + i % 2 * 2)
            yield BotGame(folder, hero, "heuristic", 410 + i, missions=i % 2 == 0)


def session_games() -> Iterator[SessionGame]:
    """Standard and assisted sessions, with and without missions."""
    heroes = _heroes(_deck(SHIPPED))
    for i, assisted in enumerate((False, True)):
        yield SessionGame(SHIPPED, heroes[i], 500 + i, assisted)
        yield SessionGame(SHIPPED, heroes[i + 2], 510 + i, assisted, True, 3)
    yield SessionGame("tests/effects_triggered", "seer", 520, True, True, 2)
    victorum = _heroes(_deck(VICTORUM))
    yield SessionGame(VICTORUM, victorum[2], 530, False, difficulty=1)
    yield SessionGame(VICTORUM, victorum[3], 531, True, difficulty=3)


def transcripts() -> Iterator[Transcript]:
    """A few headless conversations: standard and assisted, virtual and physical dice, missions and ranks."""
    heroes = _heroes(_deck(SHIPPED))
    yield Transcript(heroes[0], 600)
    yield Transcript(heroes[2], 601, assisted=True, missions=True, rank=2)
    yield Transcript(heroes[4], 602, dice="physical", missions=True)


_DECKS: dict[str, Deck] = {}


def _deck(name: str) -> Deck:
    if name not in _DECKS:
        _DECKS[name] = load_deck(TESTS / "decks" / name.removeprefix("tests/")) if "/" in name else load_shipped(name)
    return _DECKS[name]


def _options(
    deck: Deck, hero: str, seed: int, *, missions: bool = False, rank: int = 1, difficulty: int = 0, **setup: Any
) -> SetupOptions:
    if deck.info.ruleset == VICTORUM:
        choices = choose({"difficulty": difficulty}) if difficulty else ()
    else:
        choices = choose({"missions": missions, "rank": rank})
    return SetupOptions(deck_id=deck.id, hero_id=hero, seed=seed, choices=choices, **setup)


# --- playing them ------------------------------------------------------------------------------------------------

Chooser = Callable[[PlayerView, list[Command]], Command]


def play_bot_game(game: BotGame) -> list[Event]:
    """The event log of a bot game."""
    deck = _deck(game.deck)
    options = _options(
        deck,
        game.hero,
        game.seed,
        missions=game.missions,
        rank=game.rank,
        dice=game.dice,
        deal=game.deal,
        difficulty=game.difficulty,
    )
    bot = make_bot(game.bot, game.seed)
    return _play(initial_state(deck, options), bot.choose)


def _play(state: GameState, choose: Chooser) -> list[Event]:
    events: list[Event] = []
    command = Command("start")
    for _ in range(COMMAND_CAP):
        result = decide_and_apply(state, command)
        assert not isinstance(result, Rejected), f"{command} refused: {result.code}: {result.message}"
        events += result[0]
        state = result[1]
        if state.result is not None:
            break
        command = choose(player_view(state), legal_commands(state))
    return events


def play_session_game(game: SessionGame) -> list[Any]:
    """The event log of a session game, and what each undo and redo answered."""
    deck = _deck(game.deck)
    options = _options(
        deck,
        game.hero,
        game.seed,
        assisted=game.assisted,
        missions=game.missions,
        rank=game.rank,
        difficulty=game.difficulty,
    )
    session = Session.new(deck, options)
    rng = random.Random(game.seed)
    answers: list[Any] = []
    for turn in range(COMMAND_CAP):
        if session.state.result is not None:
            break
        if turn % 9 == 8:
            refused = session.undo()
            answers.append(["undo", None if refused is None else [refused.code, refused.message]])
            if refused is None and turn % 27 == 26:
                redone = session.redo()
                answers.append(["redo", None if redone is None else [redone.code, redone.message]])
            continue
        legal = session.legal()
        result = session.dispatch(legal[rng.randrange(len(legal))])
        assert not isinstance(result, Rejected), result
    return [*(to_dict(e) for e in session.events), *answers]


_JUNK = (
    "not json",
    '{"cmd": "teleport"}',
    '{"cmd": "apply", "die": "Z9", "card": "nowhere"}',
    '{"cmd": "commit", "die": 3}',
    '{"cmd": "activate", "stack": 9}',
    '{"cmd": "state"}',
    '{"cmd": "undo"}',
    '{"cmd": "redo"}',
    '{"cmd": "roll", "extra": 1}',
    "[]",
)


def play_transcript(t: Transcript) -> list[Any]:
    """Every answer of a headless conversation: the first state, then one answer per line sent."""
    deck = _deck(SHIPPED)
    options = _options(deck, t.hero, t.seed, assisted=t.assisted, dice=t.dice, missions=t.missions, rank=t.rank)
    session = Session.new(deck, options)
    protocol = Protocol(session)
    answers: list[Any] = [protocol.ok(session.history[-1].events)]
    rng = random.Random(t.seed)
    for turn in range(t.lines):
        if session.state.result is not None:
            break
        if turn % 7 == 6:
            line = _JUNK[(turn // 7) % len(_JUNK)]
        else:
            legal = answers[-1].get("legal") or protocol.ok()["legal"]
            line = json.dumps(legal[rng.randrange(len(legal))]) if legal else '{"cmd": "state"}'
        answers.append(protocol.handle(line))
    return answers


def all_fingerprints() -> dict[str, str]:
    """Every golden game's fingerprint, by name."""
    out: dict[str, str] = {}
    for game in bot_games():
        out[game.name] = log_fingerprint(play_bot_game(game))
    for sgame in session_games():
        out[sgame.name] = fingerprint(play_session_game(sgame))
    for t in transcripts():
        out[t.name] = fingerprint(play_transcript(t))
    return out


# --- the tests ---------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def golden() -> dict[str, str]:
    found: dict[str, str] = json.loads(GOLDEN.read_text())
    return found


def test_the_golden_file_lists_exactly_the_golden_games(golden: dict[str, str]) -> None:
    names = [g.name for g in bot_games()] + [g.name for g in session_games()] + [t.name for t in transcripts()]
    assert len(names) == len(set(names)), "two golden games share a name"
    assert sorted(golden) == sorted(names), "regenerate with: .venv/bin/python tests/test_golden_games.py --bless"


@pytest.mark.parametrize("game", list(bot_games()), ids=lambda g: g.name)
def test_bot_game_is_unchanged(game: BotGame, golden: dict[str, str]) -> None:
    events = play_bot_game(game)
    assert events, "a game has events"
    assert log_fingerprint(events) == golden[game.name], f"the events of {game.name} changed"


@pytest.mark.parametrize("game", list(session_games()), ids=lambda g: g.name)
def test_session_game_is_unchanged(game: SessionGame, golden: dict[str, str]) -> None:
    assert fingerprint(play_session_game(game)) == golden[game.name], f"the events of {game.name} changed"


@pytest.mark.parametrize("t", list(transcripts()), ids=lambda t: t.name)
def test_headless_transcript_is_unchanged(t: Transcript, golden: dict[str, str]) -> None:
    answers = play_transcript(t)
    assert any(not a["ok"] for a in answers) and any(a["ok"] and a["events"] for a in answers)
    assert fingerprint(answers) == golden[t.name], f"the headless answers of {t.name} changed"


def test_golden_games_cover_what_they_claim() -> None:
    """The games reach what they are there for: wins and losses, endgames, missions, rank penalties, physical
    faces, undo refused (standard) and allowed across a roll (assisted)."""
    kinds: set[str] = set()
    results: set[str] = set()
    for game in bot_games():
        if game.deck != SHIPPED:
            continue
        for e in play_bot_game(game):
            kinds.add(e.TYPE)
            if e.TYPE == "game_over":
                results.add(to_dict(e)["result"])
    assert results == {"won", "lost"}
    assert {"endgame_started", "mission_progress", "mission_discarded", "boss_revealed", "face_set"} <= kinds
    victorum = {e.TYPE for g in bot_games() if g.deck == VICTORUM and g.bot == "heuristic" for e in play_bot_game(g)}
    assert {"game_over", "vesuvius_dealt"} <= victorum
    standard = play_session_game(next(g for g in session_games() if not g.assisted))
    assert any(a[0] == "undo" and a[1] is not None for a in standard if isinstance(a, list))


if __name__ == "__main__":  # pragma: no cover - regenerates the golden file
    if sys.argv[1:] != ["--bless"]:
        sys.exit("usage: python tests/test_golden_games.py --bless")
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps(all_fingerprints(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {GOLDEN}")
