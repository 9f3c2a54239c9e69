"""A deck's words on the general table come from its board (issue 28): what an active card is (under it, in place of
its level) and what choosing one of the deck's commands means in the list of choices. The general widgets ask the
board of the deck being played (``CardInfo.of``, ``choices.command_detail``) and name no deck themselves."""

from __future__ import annotations

from arena import Arena
from record_helpers import plain

from twentystrong.engine import initial_state, legal_commands
from twentystrong.engine.commands import Command
from twentystrong.engine.decide import decide_and_apply
from twentystrong.engine.state import GameState, SetupOptions
from twentystrong.engine.view import player_view
from twentystrong.kits.hoplomachus_victorum.content import tactic_by_id
from twentystrong.kits.options import choose
from twentystrong.kits.solar_sentinels.cards import mission_goal
from twentystrong.kits.solar_sentinels.content import mission_by_id
from twentystrong.text.effects import describe_effects
from twentystrong.tui.boards import Board
from twentystrong.tui.widgets.cards import CardInfo
from twentystrong.tui.widgets.choices import command_detail


def _play(s: GameState, command: Command) -> GameState:
    result = decide_and_apply(s, command)
    assert isinstance(result, tuple), result
    return result[1]


def test_solar_sentinels_words_in_the_choices() -> None:
    """A mission to discard shows its goal; the rank penalty's two choices say what each costs (R15)."""
    deck = plain()
    options = SetupOptions(deck.id, "tester", seed=1, deal="ordered", choices=choose({"missions": True, "rank": 2}))
    s = _play(initial_state(deck, options), Command("start"))
    discards = [c for c in legal_commands(s) if c.cmd == "discard_mission"]
    assert discards
    for c in discards:
        assert command_detail(player_view(s), c) == mission_goal(mission_by_id(deck, str(c.mission)))
    s = _play(s, discards[0])
    penalties = {str(c.choice): command_detail(player_view(s), c) for c in legal_commands(s) if c.cmd == "rank_penalty"}
    assert penalties == {"banish": "banish one die from the pool", "exhaust": "exhaust three dice"}


def test_victorum_words_in_the_choices() -> None:
    """A drawn hero: its stats, ability and Primus side (HV1); a Tactic: what it does; a Primus to place: its Bane."""
    a = Arena()
    heroes = [c for c in a.legal("choose_hero") if c.aside is None]
    assert heroes
    for c in heroes:
        words = command_detail(player_view(a.s), c)
        hero = a.deck.hero(str(c.hero))
        assert words.startswith(f"♥{hero.health} ⚑{hero.strategy} ↻{hero.recovery} · ")
        assert " · else its Primus ♥" in words
    a.do("choose_hero", hero="vesna")
    tactics = a.legal("keep_tactic")
    assert tactics
    tactic = tactic_by_id(a.deck, str(tactics[0].tactic))
    assert command_detail(player_view(a.s), tactics[0]) == (tactic.text or describe_effects(list(tactic.effects)))
    a.do("keep_tactic", tactic="t-drill")
    place = a.legal("place_primus")[0]
    assert " · Bane: " in command_detail(player_view(a.s), place)


def test_the_kind_under_an_active_card_is_the_boards() -> None:
    """A Victorum camp card shows its kind (the Brawler: Bloodshed); a Solar Sentinels card shows none (its level)."""
    a = Arena().setup()
    a.do("move", camp="1-3")
    a.do("activate")
    view = player_view(a.s)
    brawler = next(card for card in view.active if not card.boss)
    assert CardInfo.of(view, brawler, 1).kind.startswith("Bloodshed")

    deck = plain()
    s = _play(initial_state(deck, SetupOptions(deck.id, "tester", seed=1, deal="ordered")), Command("start"))
    s = _play(s, next(c for c in legal_commands(s) if c.cmd == "activate"))
    view = player_view(s)
    assert view.active and CardInfo.of(view, view.active[0], 1).kind == ""


def test_a_board_without_words_leaves_them_to_the_general_table() -> None:
    deck = plain()
    s = _play(initial_state(deck, SetupOptions(deck.id, "tester", seed=1, deal="ordered")), Command("start"))
    view = player_view(s)
    assert Board.command_detail(view, Command("activate", stack=1)) == ""
    assert command_detail(view, Command("activate", stack=1)) != ""  # the command's own description
