"""The game's log in three languages: the history, the log pane's lines, the announcements and the headless
protocol's ``text`` fields of a Solar Sentinels game read in the language chosen (``--lang``), built from the events
when shown, never stored; English stays word for word what it was (``i18n_log_en.txt``, written before the words
were marked)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from twentystrong.bots import make_bot
from twentystrong.content.loader import load_shipped
from twentystrong.engine.legal import awaiting
from twentystrong.engine.state import SetupOptions, initial_state
from twentystrong.engine.view import player_view
from twentystrong.i18n import set_language
from twentystrong.kits.options import choose
from twentystrong.session import Session
from twentystrong.text.announce import announcements
from twentystrong.text.history import history_groups

ENGLISH = Path(__file__).with_name("i18n_log_en.txt")
SEEDS = (2, 6)
ENGLISH_WORDS = re.compile(
    r"\b(the|You|you|is|are|begins|stack|stacks|roll|rolls|apply|applied|damage|choose|enemy|enemies|defeated|"
    r"exhausted|recover|reward|Round|Health|Strategy|Recovery|Mission complete|discard|pool|left)\b"
)
"""English words that read in no German or French sentence of the log (a card's name may hold one: names are cut
out before this is asked)."""


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    set_language(None)


def play(seed: int, limit: int = 600) -> Session:
    """A Solar Sentinels game of the heuristic bot (whose choices the golden games keep), with missions and rank 2:
    rank penalties, missions, the endgame and the boss fight."""
    deck = load_shipped("solar-sentinels")
    options = SetupOptions(
        deck_id=deck.id, hero_id=deck.heroes[0].id, seed=seed, choices=choose({"missions": True, "rank": 2})
    )
    session = Session.new(deck, options)
    bot = make_bot("heuristic", seed)
    for _ in range(limit):
        if session.state.result is not None:
            break
        session.dispatch(bot.choose(player_view(session.state), session.legal()))
    return session


def log_lines(session: Session) -> list[str]:
    """Everything the log of ``session`` says, in the language spoken now: each command's heading, its events (the
    bookkeeping too), the announcements after it and the prompt line it left."""
    out: list[str] = []
    before = initial_state(session.deck, session.options)
    for group, entry in zip(history_groups(session.history, before), session.history, strict=True):
        out.append(f"# {group.heading}")
        out += [f"  {line.text}" for line in group.lines]
        out += [f"  ! {note}" for note in announcements(before, entry.events, entry.command)]
        out.append(f"  > {awaiting(entry.state_after)['text']}")
        before = entry.state_after
    return out


def names(session: Session) -> list[str]:
    """Every card, boss, hero and mission name of the deck in every language (a name is content, not a sentence)."""
    deck = session.deck
    found: set[str] = set()
    for code in ("en", "de", "fr"):
        set_language(code)
        for piece in (*deck.cards, *deck.bosses, *deck.heroes, *deck.part("missions")):
            found.add(piece.name)
    return sorted(found, key=len, reverse=True)


def test_english_reads_word_for_word_as_before() -> None:
    set_language("en")
    lines = [line for seed in SEEDS for line in [f"## seed {seed}", *log_lines(play(seed))]]
    assert "\n".join(lines) + "\n" == ENGLISH.read_text(encoding="utf-8")


@pytest.mark.parametrize("code", ["de", "fr"])
def test_the_log_reads_in_german_and_french(code: str) -> None:
    session = play(SEEDS[0])
    every_name = names(session)
    set_language(code)
    lines = log_lines(session)
    assert any(line.startswith("# ") for line in lines) and len(lines) > 200
    english = []
    for line in lines:
        text = line
        for name in every_name:
            text = text.replace(name, "")
        if ENGLISH_WORDS.search(text):
            english.append(line)
    assert english == [], "\n".join(english)
    # The boss fight and the missions were played: their sentences are among the lines.
    words = {
        "de": ("Der Boss wird aufgedeckt", "Der Endkampf beginnt"),
        "fr": ("Le boss est révélé", "Le Final commence"),
    }
    assert all(any(word in line for line in lines) for word in words[code]), words[code]


def test_a_saved_history_reads_in_the_readers_language(tmp_path: Path) -> None:
    """The sentences are built from the events when shown: a game saved in German reads in French."""
    set_language("de")
    session = play(SEEDS[1], limit=60)
    german = log_lines(session)
    path = tmp_path / "game.toml"
    session.save(path)
    set_language("fr")
    again = Session.load(path)
    french = log_lines(again)
    assert len(french) == len(german) and french != german
    assert any("Vous lancez" in line for line in french)
    assert not any("Du wirfst" in line for line in french)


def headless(code: str, lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    result = subprocess.run(
        [sys.executable, "-m", "twentystrong", "headless", "--lang", code, "--seed", "3", "--hero", "corona"],
        input="".join(json.dumps(line) + "\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in result.stdout.splitlines()]


@pytest.mark.parametrize(
    ("code", "choose", "refused"),
    [
        ("en", "Choose a stack: its top card becomes active.", "there is no stack 9: the stacks are 1–3"),
        ("de", "Wähle einen Stapel: Seine oberste Karte kommt in die Auslage.", "es gibt keinen Stapel 9"),
        ("fr", "Choisissez une pile\u00a0: sa carte du dessus devient active.", "il n’y a pas de pile 9"),
    ],
)
def test_the_headless_texts_follow_lang(code: str, choose: str, refused: str) -> None:
    """The protocol's human ``text`` and ``error`` follow ``--lang``; its keys, ids and codes stay English."""
    answers = headless(code, [{"cmd": "state"}, {"cmd": "activate", "stack": 9}, {"cmd": "quit"}])
    state, refusal = answers[1], answers[2]  # the first answer greets: the game as it starts
    assert state["state"]["awaiting"] == {"kind": "activate", "text": choose, "remaining": 1, "stacks": [3]}
    assert refusal["ok"] is False and refusal["code"] == "illegal_stack"
    assert refusal["error"].startswith(refused)
