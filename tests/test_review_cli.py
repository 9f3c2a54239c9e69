"""``twentystrong review ID``: the review of a recorded game in words and a text chart, ``--json`` for scripts; a
kept review is printed as kept; a bad id or budget gets one clear line and exit status 2."""

from __future__ import annotations

import json

import pytest
from record_helpers import entry, finished
from review_helpers import OpenEvaluator

from twentystrong.cli.main import main
from twentystrong.record.games import add_entry, add_game
from twentystrong.review.kept import keep, kept
from twentystrong.review.review import review_history
from twentystrong.session import Session


@pytest.fixture(scope="module")
def game() -> Session:
    return finished("tester", 2)


def reviewed(game: Session) -> int:
    """The game added to the record with a review by the test evaluator kept."""
    number = add_game(game).id
    assert number is not None
    assert keep(number, review_history(game.history, OpenEvaluator())) is None
    return number


def test_the_review_prints_the_costly_decisions_in_words_and_a_chart(
    game: Session, capsys: pytest.CaptureFixture[str]
) -> None:
    number = reviewed(game)
    assert main(["review", str(number)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith(f"Review of game #{number} · ") and lines[0].endswith("won in 19 rounds")
    review = kept(number)
    assert review is not None
    assert f"{len(review.decisions)} decisions weighed; {len(review.flagged)} cost clearly more than 15 points" in out
    flagged = [line for line in lines if line.startswith("Round ") and "cost about" in line]
    assert len(flagged) == len(review.flagged)
    assert all(": You " in line and "of your chance to win" in line for line in flagged)
    assert "100% │" in out and "  0% │" in out and "\x1b" not in out


def test_review_json_has_every_decision_with_its_words(game: Session, capsys: pytest.CaptureFixture[str]) -> None:
    number = reviewed(game)
    assert main(["review", f"#{number}", "--json", "--threshold", "12"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == number and data["evaluator"] == "open-test" and data["threshold"] == 12
    assert data["result"] == "won"
    first = data["decisions"][0]
    assert set(first) >= {"step", "round", "played", "expert", "before", "after", "cost", "played_words", "flagged"}
    for d in data["decisions"]:
        margin = 2 * (d["cost_se"] or 0)  # a line's cost is sure of its worlds (the open evaluator's singles: exact)
        assert d["flagged"] == (d["expert"] is not None and (d["before"] - d["after"]) * 100 - margin > 12)
        assert d["doubtful"] == (d["expert"] is not None and not d["flagged"] and (d["before"] - d["after"]) * 100 > 12)
        assert (d["flag_words"] is not None) == (d["flagged"] or d["doubtful"])
    assert any(d["flagged"] for d in data["decisions"])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["review", "two"], "a game number, like 12"),
        (["review", "0"], "game numbers start at 1"),
        (["review", "1", "--budget", "0"], "--budget: at least 1"),
        (["review", "1", "--workers", "none"], "a whole number"),
        (["review", "1", "--threshold", "many"], "points of win chance"),
    ],
)
def test_a_bad_id_or_option_gets_a_clear_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    add_entry(entry(1))
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_a_number_the_record_does_not_hold_or_a_game_without_moves(capsys: pytest.CaptureFixture[str]) -> None:
    add_entry(entry(1, source="profile"))
    assert main(["review", "7"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("twentystrong review: there is no game #7") and "Traceback" not in err
    assert main(["review", "1"]) == 2
    assert "kept no moves" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("lang", "heading", "summary", "flag", "chart"),
    [
        ("de", "Analyse von Partie #", "Entscheidungen gewogen", "Runde ", "Runde"),
        ("fr", "Analyse de la partie n° ", "décisions", "Tour ", "tour"),
    ],
)
def test_the_review_reads_in_german_and_french(
    game: Session, capsys: pytest.CaptureFixture[str], lang: str, heading: str, summary: str, flag: str, chart: str
) -> None:
    """``--lang de`` / ``--lang fr``: the heading, the summary, each flagged decision's sentence and the chart's
    words in the language (the cards' and heroes' names are their own)."""
    number = reviewed(game)
    assert main(["--lang", lang, "review", str(number)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith(heading), lines[0]
    assert {"de": " · Rang 1 · ", "fr": " · rang 1 · "}[lang] in lines[0], lines[0]
    assert summary in out
    assert any(line.startswith(flag) for line in lines), out
    assert lines[-1].startswith(chart)
    english_words = ("Review of game", "decisions weighed", "Round ", "points of your chance", "Your chance to", "rank")
    for english in english_words:
        assert english not in out, english
