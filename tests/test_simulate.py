"""``twentystrong simulate`` and the simulator behind it: JSON keys, the table, identical results for identical
arguments (whatever ``--jobs`` says), round caps, the Wilson interval, the progress bar, and bad arguments."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from twentystrong.bots import RandomBot
from twentystrong.cli.main import main
from twentystrong.content.loader import load_deck
from twentystrong.engine import SetupOptions
from twentystrong.sim import play_game, run, split, summarise, wilson
from twentystrong.sim.progress import Progress

PLAIN = str(Path(__file__).parent / "decks" / "plain")


def simulate_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["simulate", "--json", *args]) == 0
    out, err = capsys.readouterr()
    assert err == ""  # no progress bar with --json
    result: dict[str, Any] = json.loads(out)
    return result


def test_json_has_the_per_hero_figures(capsys: pytest.CaptureFixture[str]) -> None:
    result = simulate_json(capsys, "--games", "3", "--hero", "corona", "--seed", "5")
    assert result["deck"] == "solar-sentinels"
    assert (result["seed"], result["rank"], result["missions"], result["games_per_hero"]) == (5, 1, False, 3)
    hero = result["heroes"]["corona"]
    for key in ("games", "wins", "win_rate", "median_rounds", "ci95", "killers", "never_activated", "loss_reasons"):
        assert key in hero
    assert hero["games"] == 3
    assert 0 <= hero["wins"] <= 3
    assert hero["win_rate"] == pytest.approx(hero["wins"] / 3, abs=1e-4)
    assert hero["ci95"][0] <= hero["win_rate"] <= hero["ci95"][1]
    assert isinstance(result["never_activated"], list)


def test_all_heroes_on_a_test_deck_path(capsys: pytest.CaptureFixture[str]) -> None:
    result = simulate_json(capsys, "--games", "2", "--deck", PLAIN, "--bot", "random")
    assert list(result["heroes"]) == ["tester", "weakling"]
    assert result["overall"]["games"] == 4


def test_identical_arguments_give_identical_results(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--games", "4", "--deck", PLAIN, "--seed", "3")
    first = simulate_json(capsys, *args)
    again = simulate_json(capsys, *args)
    parallel = simulate_json(capsys, *args, "--jobs", "2")
    assert first == again == parallel
    other = simulate_json(capsys, "--games", "4", "--deck", PLAIN, "--seed", "4")
    assert other != first


def test_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--deck", PLAIN, "--missions", "--rank", "2"]) == 0
    out, err = capsys.readouterr()
    assert "win rate" in out and "95% interval" in out and "median rounds" in out
    assert "Tester" in out and "Weakling" in out
    assert "Cards never activated:" in out
    assert "with missions" in out and "rank 2" in out
    assert "games/s" in err  # the timing goes to stderr, so stdout is the same from run to run
    assert "\r" not in err  # no progress bar when stderr is not a terminal


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "0"], "--games"),
        (["--games", "many"], "--games"),
        (["--rank", "7"], "--rank"),
        (["--jobs", "-1"], "--jobs"),
        (["--seed", "-2"], "--seed"),
        (["--bot", "oracle"], "--bot"),
        (["--hero", "nobody"], "unknown hero 'nobody'"),
        (["--deck", "no-such-deck"], "cannot load deck"),
    ],
)
def test_bad_arguments_exit_2_with_a_clear_message(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as raised:
        code = main(["simulate", *args])
        raise SystemExit(code)
    assert raised.value.code == 2
    assert message in capsys.readouterr().err


def test_a_game_over_the_round_cap_is_lost() -> None:
    deck = load_deck(Path(PLAIN))
    record = play_game(deck, SetupOptions("plain", "tester", seed=1), RandomBot(1), round_cap=1)
    assert (record.result, record.reason) == ("lost", "round cap")


def test_records_do_not_depend_on_the_number_of_workers() -> None:
    jobs = split(PLAIN, ["tester"], "random", 6, 10, chunk=2)
    assert [j.first for j in jobs] == [0, 2, 4]
    assert run(jobs, 1) == run(jobs, 3)
    assert [r.seed for r in run(jobs, 1)] == list(range(10, 16))


def test_summary_counts_killers_and_unused_cards() -> None:
    deck = load_deck(Path(PLAIN))
    records = run(split(PLAIN, ["weakling"], "random", 5, 0))
    summary = summarise(deck, records)
    (hero,) = summary.heroes
    assert hero.games == 5
    assert sum(n for _, _, n in hero.killers) <= 5 - hero.wins
    activated = set().union(*(r.activated for r in records))
    assert set(summary.never_activated) == {c.id for c in deck.cards} - activated


def test_wilson_interval() -> None:
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_progress_bar_draws_an_eta_with_an_injected_clock() -> None:
    ticks = iter([0.0, 10.0, 20.0])
    stream = io.StringIO()
    bar = Progress(100, stream, width=10, clock=lambda: next(ticks))
    bar.update(25)
    assert stream.getvalue() == "\r[##........] 25/100  25%    2.5 games/s ETA 0:30"
    bar.update(100)
    assert "100/100" in stream.getvalue() and "ETA 0:00" in stream.getvalue()
    bar.finish()
    quiet = io.StringIO()
    off = Progress(100, quiet, enabled=False)
    off.update(50)
    off.finish()
    assert quiet.getvalue() == ""


def test_hoplomachus_victorum_adds_scions_and_primus(capsys: pytest.CaptureFixture[str]) -> None:
    """--deck hoplomachus-victorum: per Scion (games, final fights, wins) and per Primus (games, fought, beaten); at
    difficulty X every game places 3 + X Primus; the table says "never activated or spectated"."""
    for difficulty, games in ((0, 3), (2, 2)):
        args = ["--deck", "hoplomachus-victorum", "--hero", "castor", "--games", str(games)]
        result = simulate_json(capsys, *args, "--difficulty", str(difficulty))
        assert result["difficulty"] == difficulty
        scions, primus = result["scions"], result["primus"]
        assert sum(s["games"] for s in scions.values()) == games
        assert sum(p["games"] for p in primus.values()) == games * (3 + difficulty)
        assert "castor-redmane" not in primus  # the hero played is no Primus
        for p in primus.values():
            assert p["beaten"] <= p["fought"] <= p["games"]
        wins = result["heroes"]["castor"]["wins"]
        assert sum(s["wins"] for s in scions.values()) == wins
        # losses are said where the hero fell, in this deck's words (no Solar Sentinels "boss fight")
        reasons = result["heroes"]["castor"]["loss_reasons"]
        assert set(reasons) <= {"camps", "Primus fight", "final fight", "round cap", "command cap"}
        assert sum(reasons.values()) == games - wins
        finals = sum(s["final_fights"] for s in scions.values())
        assert reasons.get("final fight", 0) == finals - wins
        assert all(s["wins"] <= s["final_fights"] <= s["games"] for s in scions.values())
    random_bot = ["--games", "1", "--hero", "ilsa", "--bot", "random"]
    assert main(["simulate", "--deck", "hoplomachus-victorum", *random_bot]) == 0
    out = capsys.readouterr().out
    assert "Cards never activated or spectated:" in out
    assert "Scion" in out and "final fights" in out and "Primus" in out and "beaten" in out
