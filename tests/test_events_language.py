"""The same game writes the same events in every language: the words a game keeps (an event's reason, a prompt's
purpose: "banished by …", "… : choose 2 dice from the pool to exhaust") are written in English and said in the
reader's language when shown (``engine/reasons.py``), so a seed and its commands give the same game, save and
record whatever language the player reads (a card's name is content: it follows the language when read)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from twentystrong.bots import make_bot
from twentystrong.content.loader import load_shipped
from twentystrong.engine import Command, initial_state
from twentystrong.engine.state import SetupOptions
from twentystrong.engine.view import player_view
from twentystrong.i18n import set_language
from twentystrong.kits.options import choose
from twentystrong.session import Session


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    set_language(None)


def kept(deck_id: str, seed: int, hero: int, code: str) -> tuple[object, ...]:
    """Every command, event and state of a heuristic bot's game, played while ``code`` is spoken (Solar Sentinels
    with missions and rank 2: their prompts and penalties keep words too)."""
    set_language(code)
    deck = load_shipped(deck_id)
    chosen = choose({"missions": True, "rank": 2}) if deck_id == "solar-sentinels" else ()
    hero_id = deck.heroes[hero % len(deck.heroes)].id
    session = Session.new(deck, SetupOptions(deck_id=deck.id, hero_id=hero_id, seed=seed, choices=chosen))
    bot = make_bot("heuristic", seed)
    for _ in range(900):
        if session.state.result is not None:
            break
        session.dispatch(bot.choose(player_view(session.state), session.legal()))
    return tuple((entry.command, entry.events, entry.state_after) for entry in session.history)


def test_games_keep_reasons_that_name_cards() -> None:
    """The games above do write the words in question (else they would prove nothing)."""
    reasons = {
        str(getattr(e, "reason", ""))
        for deck_id in ("solar-sentinels", "hoplomachus-victorum")
        for seed in range(1, 7)
        for _, events, _ in kept(deck_id, seed, seed, "en")
        for e in events
    }
    assert any(reason.startswith(("banished by ", "exhausted by ")) for reason in reasons)
    assert any(reason.endswith(" is defeated") or "every enemy with it" in reason for reason in reasons)


@pytest.mark.parametrize("deck_id", ["solar-sentinels", "hoplomachus-victorum"])
@pytest.mark.parametrize("seed", range(1, 7))
def test_a_game_keeps_the_same_events_in_every_language(deck_id: str, seed: int) -> None:
    hero = seed  # a different hero each seed (wrapping round the deck's)
    english = kept(deck_id, seed, hero, "en")
    for code in ("de", "fr"):
        other = kept(deck_id, seed, hero, code)
        assert len(other) == len(english)
        for step, (theirs, ours) in enumerate(zip(other, english, strict=True)):
            assert theirs == ours, f"{deck_id} seed {seed} in {code}: command {step} differs from English"


def test_a_decks_own_reasons_and_purposes_read_in_the_readers_language() -> None:
    """Hoplomachus Victorum's own words kept in English (a spectator's recovery, the prompt that feeds the Influence
    deck, its effects' questions) read in German and French when shown."""
    from twentystrong.content.translations import english
    from twentystrong.engine.reasons import purpose_words, reason_words
    from twentystrong.engine.rulesets import ruleset_for

    deck = load_shipped("hoplomachus-victorum")
    words = ruleset_for(deck.info.ruleset).words
    card = deck.cards[0]
    feeds = f"{english(card, 'name')}: choose a camp whose top card joins the Influence deck"
    expected = {
        "de": ("durch Zuschauen aufgefrischt", "Einflussstapel", "wähle die Taktik"),
        "fr": ("récupéré en spectateur", "deck Influence", "choisissez la Tactique"),
    }
    for code, (recovered, influence, tactic) in expected.items():
        set_language(code)
        assert reason_words("recovered by spectating", deck) == recovered
        said = purpose_words(feeds, deck, words.purpose)
        assert said.startswith(card.name) and influence in said, said
        assert purpose_words("choose the Tactic to gain", deck, words.purpose).startswith(tactic)
    set_language("en")
    assert reason_words("recovered by spectating", deck) == "recovered by spectating"
    assert purpose_words(feeds, deck, words.purpose) == feeds


def test_reasons_of_a_defeat_by_an_item_a_spectator_s_health_and_a_chosen_camp_read_in_the_readers_language() -> None:
    """A play-tester's French game read "… est vaincu (defeated by Perilune Pouncer)" and "Mission Marked Ground :
    choisissez une pile", a German one "(Leben 5 → 6; spectating: +1 Health)" and, in the review, "Du wählst camp
    1-3": each is said in the reader's language."""
    from twentystrong.content.translations import english
    from twentystrong.engine.effects.words import card_name
    from twentystrong.engine.reasons import purpose_words, reason_words
    from twentystrong.engine.rulesets import ruleset_for
    from twentystrong.text import describe_command

    ss = load_shipped("solar-sentinels")
    hv = load_shipped("hoplomachus-victorum")
    mission = next(m for m in ss.parts["missions"] if m.id == "marked-ground")
    state = initial_state(hv, SetupOptions(hv.id, "", 1))
    item = ss.cards[0]
    expected = {
        "de": ("durch {card}", "mit {card}", "Zuschauen: +1 Leben", "Du wählst Lager 1-3."),
        "fr": ("par {card}", "avec {card}", "spectateur\xa0: +1 Santé", "Vous choisissez le camp 1-3."),
    }
    for code, (by, with_, spectating, camp) in expected.items():
        set_language(code)
        name = card_name(ss, item.id)
        by, with_ = by.format(card=name), with_.format(card=name)
        assert reason_words(f"defeated by {item.id}", ss) == by
        assert reason_words(f"defeated with {item.id}", ss) == with_
        assert reason_words("spectating: +1 Health", hv) == spectating
        assert describe_command(Command("choose", camp="1-3"), state) == camp
        marking = f"mission {english(mission, 'name')}: choose a stack whose top counts as mandatory"
        marked = purpose_words(marking, ss, ruleset_for(ss.info.ruleset).words.purpose)
        assert marked.startswith(("Mission Markiertes Gelände:", "mission Terrain marqué\xa0:")), marked
    set_language("en")
    assert reason_words("spectating: +1 Health", hv) == "spectating: +1 Health"
    assert describe_command(Command("choose", camp="1-3"), state) == "You choose camp 1-3."
