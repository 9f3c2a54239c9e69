"""Regenerate ``screenshots/*.svg`` from fixed-seed games, by driving the real App with Pilot.

    .venv/bin/python scripts/screenshots.py [--out screenshots] [--deck solar-sentinels] [--only DECK]

Each game is played headless first by the project's heuristic bot (or, without it, a plain deterministic player),
from the first seed of a fixed list that reaches the wanted moment; it is saved, opened by the App
(``create_app(load=…)``), and the screen is driven with keys as a player would. The autosave goes to a temporary
folder, never to your profile. The shipped Solar Sentinels deck is used when it is installed, else the plain test
deck.

Pictures: ``setup`` (the setup screen), ``table`` (mid-round, dice applied to cards, the odds panel with its
advice; ``table-de`` the same in German), ``browser`` (the card browser on a card with effects and a reward),
``inventory`` (held items),
``history`` (the log, a past table shown), ``game-over`` (the figures of a finished game), ``help`` (the keys of
the table), ``statistics`` (the Statistics screen's charts over a record of twelve bot games, dated 1–12 November
2026); for Hoplomachus Victorum (its shipped deck when installed, else the test deck): ``victorum-setup``,
``victorum-table`` (Mount Vesuvius on arriving at a camp) and ``victorum-fight`` (a fight whose dice stay on an
enemy into the next round). ``--only hoplomachus-victorum`` takes those three alone.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from twentystrong.bots import make_bot  # noqa: E402
from twentystrong.content.loader import load_deck, load_shipped  # noqa: E402
from twentystrong.content.model import Deck  # noqa: E402
from twentystrong.content.registry import shipped_deck_dirs  # noqa: E402
from twentystrong.engine.commands import Command  # noqa: E402
from twentystrong.engine.legal import legal_commands  # noqa: E402
from twentystrong.engine.state import GameState, SetupOptions  # noqa: E402
from twentystrong.engine.view import player_view  # noqa: E402
from twentystrong.i18n import set_language  # noqa: E402
from twentystrong.kits import choices_for  # noqa: E402
from twentystrong.record.games import add_game, current_level  # noqa: E402
from twentystrong.session import Session  # noqa: E402
from twentystrong.tui.app import TwentyStrongApp, create_app  # noqa: E402
from twentystrong.tui.screens.browser import CardBrowserScreen  # noqa: E402

SIZE = (120, 40)
SEEDS = range(1, 400)
PLAIN = ROOT / "tests" / "decks" / "plain"


def player(seed: int) -> Callable[[GameState], Command]:
    """The heuristic bot: realistic games to take pictures of."""
    bot = make_bot("heuristic", seed)
    return lambda s: bot.choose(player_view(s), legal_commands(s))


def play_until(
    deck: Deck,
    deck_path: Path | None,
    until: Callable[[Session], bool],
    *,
    missions: bool = False,
    difficulty: int = 0,
    make_player: Callable[[int], Callable[[GameState], Command]] = player,
) -> Session:
    """The first seeded game (the deck's first hero) that reaches ``until`` (stopped right there)."""
    hero = deck.heroes[0].id
    for seed in SEEDS:
        values = {"missions": missions, "difficulty": difficulty}
        options = SetupOptions(deck.id, hero, seed, choices=choices_for(deck.info.ruleset, values))
        session = Session.new(deck, options, deck_path=deck_path)
        choose = make_player(seed)
        for _ in range(5000):
            if until(session):
                return session
            if session.state.result is not None:
                break
            session.dispatch(choose(session.state))
    raise SystemExit(f"no seed in {SEEDS} reaches that moment with deck {deck.id}")


def mid_round(session: Session) -> bool:
    s = session.state
    applied = {d.card for d in s.dice if d.zone == "applied"}
    return (
        s.step == "apply"
        and not s.endgame
        and s.round >= 3
        and len(s.active) >= 2
        and len(applied) >= 2
        and s.dice_in("active") != ()
        and any(not c.defeated for c in s.active)  # the odds panel has an enemy to show,
        and len(s.dice_in("active")) >= 2  # dice to advise about,
        and s.phases_used < s.hero.strategy  # and a phase to come (so its damage chart shows)
    )


def holding_items(session: Session) -> bool:
    s = session.state
    return len(s.inventory) >= 2 and s.step == "commit" and not s.prompts


def won(session: Session) -> bool:
    return session.state.result == "won" and session.state.round >= 8


def over(session: Session) -> bool:
    return session.state.result is not None


async def shoot(
    app: TwentyStrongApp, out: Path, name: str, drive: Callable[[TwentyStrongApp], Awaitable[None]]
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await drive(app)
        await pilot.pause(1.0)  # let the footer and workers settle
        app.save_screenshot(f"{name}.svg", str(out))
    print(f"  {out / (name + '.svg')}")


def keys(*pressed: str) -> Callable[[TwentyStrongApp], Awaitable[None]]:
    async def drive(app: TwentyStrongApp) -> None:
        from textual.pilot import Pilot

        pilot = Pilot(app)
        for key in pressed:
            await pilot.press(key)
            await pilot.pause()

    return drive


def record_of_games(deck: Deck, deck_path: Path | None, count: int = 12) -> None:
    """A record of ``count`` bot games, a day apart, heroes in turn, each at the rank the ladder stands at."""
    start = datetime(2026, 11, 1, 20, 0, tzinfo=UTC)
    heroes = [h.id for h in deck.heroes[:4]]
    for n in range(count):
        rank = current_level(deck.id, deck.info.ruleset) or 1
        choices = choices_for(deck.info.ruleset, {"missions": True, "rank": rank})
        options = SetupOptions(deck.id, heroes[n % len(heroes)], 500 + n, choices=choices)
        session = Session.new(deck, options, deck_path=deck_path)
        choose = player(500 + n)
        while session.state.result is None:
            session.dispatch(choose(session.state))
        add_game(session, when=start + timedelta(days=n))


def richest_card(deck: Deck) -> str:
    """A card worth showing: several effects and a reward."""
    return max(deck.cards, key=lambda c: (len(c.effects) + (2 if c.reward else 0), c.additional, c.mandatory)).id


def save_for_shot(saves: Path, session: Session, name: str) -> Path:
    """Save the game to picture as ``saves/NAME.toml``, with a data folder of its own for the app that loads it."""
    print(f"{name}: seed {session.options.seed}, round {session.state.round}, step {session.state.step}")
    path = saves / f"{name}.toml"
    session.save(path)
    os.environ["TWENTYSTRONG_DATA_DIR"] = str(saves / f"data-{name}")
    return path


async def main(out: Path, deck_id: str | None) -> None:
    if deck_id is None:
        deck_id = "solar-sentinels" if "solar-sentinels" in shipped_deck_dirs() else None
    deck = load_shipped(deck_id) if deck_id else load_deck(PLAIN)
    deck_path = None if deck_id else PLAIN
    print(f"deck {deck.id}")
    out.mkdir(parents=True, exist_ok=True)
    saves = Path(tempfile.mkdtemp(prefix="twentystrong-shots-"))

    saved = partial(save_for_shot, saves)

    os.environ["TWENTYSTRONG_DATA_DIR"] = str(saves / "data-setup")
    if deck_id:
        await shoot(create_app(deck_id=deck_id, seed=2024, hints=False), out, "setup", keys())
    else:
        await shoot(create_app(deck_path=PLAIN, seed=2024, hints=False), out, "setup", keys())

    table = saved(play_until(deck, deck_path, mid_round, missions=True), "table")
    await shoot(create_app(load=table, hints=False), out, "table", keys())
    set_language("de")  # the same table in German (as --lang de chooses it)
    try:
        await shoot(create_app(load=table, hints=False), out, "table-de", keys())
    finally:
        set_language(None)

    async def browse(app: TwentyStrongApp) -> None:
        assert app.store is not None
        await app.push_screen(CardBrowserScreen(app.store.deck, app.store.state, richest_card(app.store.deck)))

    await shoot(create_app(load=table, hints=False), out, "browser", browse)
    await shoot(create_app(load=table, hints=False), out, "history", keys("l", "up", "up", "up"))
    await shoot(create_app(load=table, hints=False), out, "help", keys("question_mark"))

    items = saved(play_until(deck, deck_path, holding_items), "inventory")
    await shoot(create_app(load=items, hints=False), out, "inventory", keys("i"))

    try:
        finished = play_until(deck, deck_path, won)
    except SystemExit:
        finished = play_until(deck, deck_path, over)
    await shoot(create_app(load=saved(finished, "game-over"), hints=False), out, "game-over", keys())

    os.environ["TWENTYSTRONG_DATA_DIR"] = str(saves / "data-statistics")
    record_of_games(deck, deck_path)
    setup = create_app(deck_id=deck_id, seed=2024) if deck_id else create_app(deck_path=PLAIN, seed=2024)
    await shoot(setup, out, "statistics", keys("f2", "c"))


# --- Hoplomachus Victorum ---------------------------------------------------------------------------------------

VICTORUM = "hoplomachus-victorum"
HV_TEST = ROOT / "tests" / "decks" / "hoplomachus"


def victorum_until(deck: Deck, deck_path: Path | None, until: Callable[[Session], bool]) -> Session:
    """The first seeded game of the Victorum deck (its first hero, difficulty 1, the heuristic bot) that reaches
    ``until``."""
    return play_until(deck, deck_path, until, difficulty=1)


def _fight(session: Session) -> str:
    from twentystrong.kits.hoplomachus_victorum.rules import table

    return table(session.state).fight


def arriving(session: Session) -> bool:
    """A camp reached in round 3 or later, with a Primus still waiting and Tactics in the Tactics area."""
    from twentystrong.kits.hoplomachus_victorum.rules import table

    s = session.state
    t = table(s)
    return s.step == "arrive" and s.round >= 3 and any(p is not None for p in t.primus) and bool(t.tactics)


def kept_dice(session: Session) -> bool:
    """A Primus fight in a later round: dice from the round before stay on an enemy (the camps still full)."""
    s = session.state
    standing = {c.id for c in s.active if not c.defeated}
    kept = any(d.zone == "applied" and d.card in standing for d in s.dice)
    primus = any(c.boss and not c.defeated for c in s.active)
    return _fight(session) == "primus" and s.step == "commit" and kept and primus and len(s.dice_in("pool")) >= 2


async def victorum(out: Path) -> None:
    """The Victorum pictures: its setup screen, Mount Vesuvius on arriving at a camp, and a fight whose dice stay."""
    shipped = VICTORUM in shipped_deck_dirs()
    deck = load_shipped(VICTORUM) if shipped else load_deck(HV_TEST)
    deck_path = None if shipped else HV_TEST
    print(f"deck {deck.id}")
    out.mkdir(parents=True, exist_ok=True)
    saves = Path(tempfile.mkdtemp(prefix="twentystrong-shots-hv-"))

    saved = partial(save_for_shot, saves)

    os.environ["TWENTYSTRONG_DATA_DIR"] = str(saves / "data-setup")
    setup = create_app(deck_id=VICTORUM, seed=2024, hints=False) if shipped else None
    if setup is None:
        setup = create_app(deck_path=HV_TEST, seed=2024, hints=False)
    await shoot(setup, out, "victorum-setup", keys())
    board = saved(victorum_until(deck, deck_path, arriving), "victorum-table")
    await shoot(create_app(load=board, hints=False), out, "victorum-table", keys())
    fight = saved(victorum_until(deck, deck_path, kept_dice), "victorum-fight")
    await shoot(create_app(load=fight, hints=False), out, "victorum-fight", keys())


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots", help="where the SVG files go")
    parser.add_argument("--deck", default=None, help="a shipped deck id (default: solar-sentinels if installed)")
    parser.add_argument(
        "--only",
        choices=("all", "solar-sentinels", VICTORUM),
        default="all",
        help="the pictures of one deck only (default: both)",
    )
    args = parser.parse_args()
    if args.only != VICTORUM:
        asyncio.run(main(args.out, args.deck))
    if args.only != "solar-sentinels":
        asyncio.run(victorum(args.out))
