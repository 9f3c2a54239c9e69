"""The record's command line: ``headless --record``, ``stats`` (text, ``--json``, filters, ``--export``),
``replay`` and ``daily``."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest
from record_helpers import PLAIN, entry, finished

from twentystrong.cli.main import main
from twentystrong.record.games import add_entry
from twentystrong.text.stats import game_stats


def stats_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    capsys.readouterr()
    assert main(["stats", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_a_headless_game_with_record_appears_in_stats_json(capsys: pytest.CaptureFixture[str]) -> None:
    """A game played to its end through ``headless --record`` (the real process) is in ``stats --json`` with the
    figures of the game-over screen; without ``--record`` nothing is kept."""
    session = finished("weakling", seed=2)
    lines = [json.dumps(entry.command.to_dict()) for entry in session.history[1:]]
    base = [sys.executable, "-m", "twentystrong", "headless", "--deck-path", str(PLAIN), "--hero", "weakling"]
    plain_run = subprocess.run([*base, "--seed", "2"], input="\n".join(lines) + "\n", capture_output=True, text=True)
    assert plain_run.returncode == 0 and '"result":"lost"' in plain_run.stdout.splitlines()[-1]
    assert stats_json(capsys)["games"] == 0
    run = subprocess.run(
        [*base, "--seed", "2", "--record"], input="\n".join(lines) + "\n", capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    assert "Game #1 added to your record" in run.stderr
    assert all(json.loads(line)["ok"] for line in run.stdout.splitlines())  # stdout stays the protocol
    data = stats_json(capsys)
    stats = game_stats(session.deck, session.options, session.events)
    assert data["games"] == 1 and data["wins"] == 0
    deck = data["decks"][0]  # type: ignore[index]
    assert deck["deck"] == "plain" and deck["median_rounds"] == stats.rounds
    game = deck["best_game"]
    assert (game["hero"], game["seed"], game["result"], game["rounds"]) == ("weakling", 2, "lost", stats.rounds)
    assert (game["damage_dealt"], game["damage_taken"], game["enemies_defeated"]) == (
        stats.damage_dealt,
        stats.damage_taken,
        stats.enemies_defeated,
    )
    assert game["luck"] == round(stats.luck_margin, 2) and game["source"] == "headless" and game["replay"]
    assert deck["heroes"][0]["id"] == "weakling" and deck["streaks"]["current"] == {"result": "lost", "length": 1}


def test_stats_text_filters_and_export(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["stats"]) == 0
    assert "No finished games in your record yet" in capsys.readouterr().out
    add_entry(entry(1, result="won", rounds=12))
    add_entry(entry(2, result="lost", rounds=8, hero="corona", hero_name="Corona", killer="x", killer_name="Rust Maw"))
    add_entry(entry(3, result="won", rounds=15, level=2))
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "Your record: 3 games, 2 won (67%)" in out
    assert "now rank 3 Solar Sergeant" in out and "beaten by    Rust Maw 1" in out
    assert "best game    #3 2026-11-03 Umbra, rank 2: won in 15 rounds" in out
    assert "rank         1 → 2 → 1 → 3" in out
    assert stats_json(capsys, "--hero", "corona")["games"] == 1
    assert stats_json(capsys, "--since", "2026-11-02")["games"] == 2
    assert main(["stats", "--deck", "nothing"]) == 0 and "No recorded game matches" in capsys.readouterr().out
    out_file = tmp_path / "games.csv"
    assert main(["stats", "--export", str(out_file), "--json"]) == 0
    assert "3 games written to" in capsys.readouterr().err
    rows = list(csv.DictReader(out_file.open(encoding="utf-8")))
    assert [r["id"] for r in rows] == ["1", "2", "3"] and rows[1]["hero"] == "corona" and rows[1]["result"] == "lost"
    assert main(["stats", "--export", str(tmp_path / "no" / "such" / "dir.csv")]) == 2
    assert "cannot write" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["stats", "--since", "yesterday"])


def test_replay_and_daily_refuse_clearly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "4"]) == 2
    assert "no record yet" in capsys.readouterr().err
    add_entry(entry(1))
    assert main(["replay", "4"]) == 2 and "there is no game #4 in your record" in capsys.readouterr().err
    assert main(["replay", "1"]) == 2 and "game #1 has no moves kept" in capsys.readouterr().err  # made up: no log
    assert main(["daily", "--print-seed", "--date", "2026-11-25"]) == 0
    assert capsys.readouterr().out.strip() == "2026112531119"
    assert main(["daily", "--show", "--date", "2026-11-25"]) == 0
    assert capsys.readouterr().out.strip() == (
        "daily 2026-11-25: deck solar-sentinels, hero corona (Corona), seed 2026112531119, missions, rank 1"
    )
    assert main(["daily", "--print-seed", "--date", "2020-01-01"]) == 2
    assert main(["headless", "--daily", "--hero", "umbra"]) == 2
    assert "the daily challenge's setup is the day's" in capsys.readouterr().err


def test_the_record_stays_off_the_start_up_path_and_stats_stays_light() -> None:
    """Building the App on a game imports neither the record nor the charts (they load when a game ends or the
    Statistics screen opens); ``twentystrong stats`` imports neither Textual nor Rich."""
    code = (
        "import json, sys\n"
        "from pathlib import Path\n"
        "from twentystrong.tui.app import create_app\n"
        f"create_app(deck_path=Path({str(PLAIN)!r}), hero='tester', seed=1)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith(('twentystrong.record', 'textual_plotext',"
        " 'plotext', 'sqlite3')))))\n"
    )
    started = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert started.returncode == 0, started.stderr
    assert json.loads(started.stdout.splitlines()[-1]) == []
    code = (
        "import contextlib, io, json, sys\n"
        "from twentystrong.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['stats', '--json'])\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))))\n"
    )
    light = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert light.returncode == 0, light.stderr
    assert json.loads(light.stdout.splitlines()[-1]) == []
