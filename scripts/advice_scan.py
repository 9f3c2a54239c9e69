"""The advice scan of issue 26 over every seeded game it names, resumable.

The same check as ``tests/test_odds_advice_scan.py`` (the panel's call path judged by the engine itself, through
``tests/advice_oracle.py``) over both decks, 6 heroes x seeds 1-12, difficulty 0, the heuristic and the random bot,
every Apply-step position (after partial applies too). One line per finished game goes to ``progress.jsonl``; games
already there are skipped when the scan is started again. Any wrong advice also goes at once to ``findings.md``.

    nice -n 10 .venv/bin/python scripts/advice_scan.py --out /work/notes/scan26

Run it from the worktree whose code it should judge (it imports that worktree's ``tests/``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from advice_oracle import apply_positions, oracle  # noqa: E402
from test_odds_advice_scan import commands_only, games_of, judge  # noqa: E402

from twentystrong.engine.state import GameState  # noqa: E402


def _key(game: tuple[str, str, int, str]) -> str:
    deck, hero, seed, bot = game
    return f"{deck} {hero} s{seed} {bot}"


def _done(progress: Path) -> set[str]:
    if not progress.exists():
        return set()
    done = set()
    for line in progress.read_text(encoding="utf-8").splitlines():
        try:
            done.add(json.loads(line)["game"])
        except (ValueError, KeyError):
            continue  # a line cut short when the scan was stopped
    return done


def _engine_shows(s: GameState, budget: int) -> str:
    """What the engine shows at this position: the best plays the oracle finds, spending nothing and with a use."""
    try:
        found = oracle(s, budget)
    except Exception as e:  # noqa: BLE001 - the finding is still written
        return f"(oracle: {type(e).__name__})"

    def best(outcomes) -> str:  # noqa: ANN001
        if not outcomes:
            return "nothing"
        top = max(outcomes, key=lambda o: (o.won, len(o.defeated), -o.dice))
        said = " ".join(" ".join(str(v) for v in (c.cmd, c.die or c.item, c.card) if v) for c in top.commands)
        what = "wins the game" if top.won else f"defeats {sorted(top.defeated) or 'nothing'}"
        return f"{said or 'no command'} {what}"

    return f"dice alone: {best(found.plain)}; with a use: {best(found.resourced)}"


def scan_game(game: tuple[str, str, int, str], budget: int, findings: Path) -> dict:
    deck, hero, seed, bot = game
    checked = over = 0
    wrong: list[dict] = []
    for n, s in apply_positions(deck, hero, seed, bot):
        verdict = judge(s, budget)
        if verdict is None:
            verdict = commands_only(s)
            if verdict is None:
                continue
            over += 1
        checked += 1
        kinds, line = verdict
        if not kinds:
            continue
        wrong.append({"n": n, "kinds": [str(k) for k in kinds], "words": line})
        with findings.open("a", encoding="utf-8") as f:
            f.write(
                f"- **{_key(game)} #{n}** (state after {n} commands): kinds {', '.join(map(str, kinds))}\n"
                f"  - panel: {line}\n"
                f"  - engine: {_engine_shows(s, budget)}\n"
            )
    return {
        "game": _key(game),
        "deck": deck,
        "hero": hero,
        "seed": seed,
        "bot": bot,
        "positions": checked,
        "over_budget": over,
        "wrong": wrong,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/work/notes/scan26"))
    parser.add_argument("--budget", type=int, default=4000)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    progress = args.out / "progress.jsonl"
    findings = args.out / "findings.md"
    if not findings.exists():
        findings.write_text("# Wrong advice found by scripts/advice_scan.py\n\n", encoding="utf-8")
    done = _done(progress)
    for game in games_of(full=True):
        if _key(game) in done:
            continue
        started = time.perf_counter()
        record = scan_game(game, args.budget, findings)
        record["seconds"] = round(time.perf_counter() - started, 1)
        with progress.open("a", encoding="utf-8") as f:
            f.write(json.dumps(record) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
