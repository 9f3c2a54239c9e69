"""A deck's options as data (architecture.md contract 9): each kit declares them once, and the command line's
flags, the checks of a setup, the save's setup record and the words that show a setup are built from that."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

import twentystrong.kits as kits_module
from twentystrong.cli.arguments import add_deck_options, deck_option_values, needs_problem
from twentystrong.content.loader import load_shipped
from twentystrong.content.model import Deck
from twentystrong.engine.state import OptionValue, SetupOptions
from twentystrong.kits import DeckKit, all_options, choices_for, kits, options_for
from twentystrong.kits.hoplomachus_victorum.content import scions_of
from twentystrong.kits.options import DeckOption, again, choose, described, shown, summary
from twentystrong.session.session import SetupError, check_options


def test_each_shipped_kit_declares_its_options() -> None:
    assert [o.name for o in options_for("solar-sentinels")] == ["missions", "rank"]
    assert [o.name for o in options_for("hoplomachus-victorum")] == ["difficulty", "scion"]
    assert options_for("no-such-ruleset") == ()  # a ruleset registered without a kit has none


@pytest.mark.parametrize("command", ["play", "headless", "simulate"])
def test_the_flags_of_every_command_come_from_the_kits(command: str) -> None:
    """``--help`` lists each installed deck's options by the flag players know, with its deck and its words."""
    result = subprocess.run(
        [sys.executable, "-m", "twentystrong", command, "--help"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    text = " ".join(result.stdout.split())  # argparse wraps the help lines
    for kit, option in all_options():
        assert option.flag in text
        assert f"{kit.name}: {' '.join(option.help.split())}" in text
    assert "--no-missions" in text  # a flag option can be turned off as before


def test_a_kit_installed_later_brings_its_flags(monkeypatch: pytest.MonkeyPatch) -> None:
    """A third deck's option gets its flag, its bounds and its words without a change to the command line's code."""
    toy = DeckKit(
        id="toy",
        name="Toy",
        rules="toy:RULESET",
        board=None,
        bot="toy:Bot",
        options=(
            DeckOption(name="tempo", kind="range", label="Tempo", help="moves per round", default=1, low=1, high=3),
        ),
    )
    monkeypatch.setattr(kits_module, "kits", lambda: {**kits(), "toy": toy})
    parser = argparse.ArgumentParser(prog="t")
    add_deck_options(parser)
    assert "Toy: moves per round" in parser.format_help()
    args = parser.parse_args(["--tempo", "2", "--missions"])
    assert deck_option_values(args) == {"tempo": 2, "missions": True}
    with pytest.raises(SystemExit):
        parser.parse_args(["--tempo", "9"])  # out of its bounds: argparse's own message


def test_an_option_that_needs_a_flag_says_so() -> None:
    assert needs_problem({"rank": 3}) == "--rank 3 needs --missions (ranks come only with missions)"
    assert needs_problem({"rank": 3, "missions": True}) is None
    assert needs_problem({"rank": 1}) is None  # at its default it asks nothing


def test_choices_leave_out_defaults_and_say_nothing_of_another_decks_defaults() -> None:
    """The same setup is the same value however it was chosen: the deck's options at their default are left out,
    another deck's option at its default too (older saves wrote them all); any other value is kept, to be refused."""
    assert choices_for("solar-sentinels", {"missions": True, "rank": 1, "difficulty": 0}) == (("missions", True),)
    assert choices_for("solar-sentinels", {"difficulty": 2}) == (("difficulty", 2),)
    assert choices_for("hoplomachus-victorum", {"missions": False, "rank": 1, "scion": None}) == ()
    assert choose({"rank": 2, "missions": True, "scion": None}) == (("missions", True), ("rank", 2))


def test_the_setup_is_checked_against_the_declarations() -> None:
    ss = load_shipped("solar-sentinels")
    hv = load_shipped("hoplomachus-victorum")
    cases: tuple[tuple[Deck, dict[str, OptionValue], str], ...] = (
        (ss, {"rank": 7, "missions": True}, "rank must be 1–6, got 7"),
        (ss, {"missions": "yes"}, "missions must be true or false"),
        (ss, {"scion": "sc-augur"}, r"the Hoplomachus Victorum options \(scion\) are not played with deck"),
        (hv, {"difficulty": -1}, "difficulty must be 0–4, got -1"),
        (hv, {"scion": "nobody"}, "has no Scion 'nobody'; its Scions: "),
        (hv, {"rank": 2}, r"the Solar Sentinels options \(rank\) are not played with deck 'hoplomachus-victorum'"),
    )
    for deck, choices, words in cases:
        hero = deck.heroes[0].id if deck is ss else ""
        with pytest.raises(SetupError, match=words):
            check_options(deck, SetupOptions(deck.id, hero, choices=choose(choices)))
    check_options(hv, SetupOptions(hv.id, "", choices=(("difficulty", 4), ("scion", scions_of(hv)[0].id))))


def test_the_words_of_a_setup() -> None:
    """Status line and game over: the rank with missions only; the daily line: missions, rank 1; simulate's level."""
    ss = options_for("solar-sentinels")
    with_missions = SetupOptions("solar-sentinels", "corona", choices=choose({"missions": True, "rank": 3}))
    plain = SetupOptions("solar-sentinels", "corona")
    assert shown(ss, with_missions) == ["rank 3"] and shown(ss, plain) == []
    assert described(ss, SetupOptions("solar-sentinels", "x", choices=(("missions", True),))) == ["missions", "rank 1"]
    assert [(o.name, v) for o, v in summary(ss, plain)] == [("rank", 1), ("missions", False)]
    hv = options_for("hoplomachus-victorum")
    assert [(o.name, v) for o, v in summary(hv, SetupOptions("hoplomachus-victorum", ""))] == [("difficulty", 0)]


def test_a_new_game_starts_from_the_last_ones_choices() -> None:
    """After a finished game the ladder's level is read again (None); a rank without missions is not carried."""
    ss = options_for("solar-sentinels")
    played = SetupOptions("solar-sentinels", "corona", choices=choose({"missions": True, "rank": 3}))
    assert again(ss, played, over=False) == {"missions": True, "rank": 3}
    assert again(ss, played, over=True) == {"missions": True, "rank": None}
    assert again(ss, SetupOptions("solar-sentinels", "corona"), over=False) == {"missions": False, "rank": None}
    hv = options_for("hoplomachus-victorum")
    chosen = SetupOptions("hoplomachus-victorum", "", choices=(("difficulty", 2), ("scion", "sc-augur")))
    assert again(hv, chosen, over=False) == {"difficulty": 2}  # the Scion is drawn again unless asked for


def test_a_daily_game_saved_with_every_option_written_is_still_the_daily() -> None:
    """Older saves wrote the rank at its default beside missions: the daily challenge is recognised all the same."""
    from dataclasses import replace
    from datetime import date

    from twentystrong.record import daily

    deck = load_shipped(daily.DECK)
    day = date(2026, 11, 25)
    options = daily.daily_options(deck, day)
    written = replace(options, choices=(("missions", True), ("rank", 1)))
    assert daily.daily_date(deck, written) == day
    assert daily.daily_date(deck, replace(options, choices=(("missions", True), ("rank", 2)))) is None
