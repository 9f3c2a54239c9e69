"""Words that read wrong or in English in German and French (issue 29's last list): the game-over summary and why a
game was lost, a prompt that names its card twice, numbers and percentages, French punctuation, plurals, the
rulebooks' terms, and Textual's own words (the command palette, the footer)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from twentystrong.content.loader import load_shipped
from twentystrong.engine import events as ev
from twentystrong.engine.effects.words import card_name
from twentystrong.engine.reasons import purpose_words
from twentystrong.engine.rulesets import ruleset_for
from twentystrong.engine.state import Prompt
from twentystrong.i18n import set_language
from twentystrong.text.events import describe_event
from twentystrong.text.stats import GameStats, summary_sentences
from twentystrong.tui.screens.game_over import _reason


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    set_language(None)


def _stats(**changed: int) -> GameStats:
    figures = {
        "rounds": 1,
        "damage_dealt": 1,
        "damage_taken": 12,
        "damage_suffered": 10,
        "healed": 4,
        "enemies_defeated": 1,
        "bosses_defeated": 1,
        "items_gained": 0,
        "items_used": 0,
        "instant_rewards_taken": 2,
        "goals_completed": 1,
    }
    figures.update(changed)
    return GameStats(result="lost", reason="suffered 13 damage", luck=(), **figures)  # type: ignore[arg-type]


SUMMARIES = {
    "en": [
        "You played 1 round, dealt 1 damage and took 12 (10 of it from enemies at Resolve) and regained 4 Health.",
        "You defeated 1 enemy and the boss, gained no items, and took 2 instant rewards.",
        "You completed 1 of 3 missions.",
    ],
    "de": [
        "Du hast 1 Runde gespielt, 1 Schaden verursacht und 12 erlitten (10 davon durch Gegner in der "
        "Abhandlungsphase) und 4 Leben zurückgewonnen.",
        "Du hast 1 Gegner und den Boss besiegt, kein Loot erhalten und 2 Sofort-Belohnungen genommen.",
        "Du hast 1 von 3 Missionen erfüllt.",
    ],
    "fr": [
        "Vous avez joué 1 tour, infligé 1 dégât et subi 12 (dont 10 par les ennemis en phase de Résolution), et "
        "regagné 4 Santé.",
        "Vous avez vaincu 1 ennemi et le boss, n’avez gagné aucun objet et avez pris 2 récompenses instantanées.",
        "Vous avez accompli 1 sur 3 missions.",
    ],
}


@pytest.mark.parametrize("code", ["en", "de", "fr"])
def test_the_game_over_summary_is_whole_sentences_in_each_language(code: str) -> None:
    set_language(code)
    assert summary_sentences(_stats(), goals=3, goal="mission") == SUMMARIES[code]


def test_the_game_over_summary_counts_in_each_form() -> None:
    stats = _stats(rounds=21, damage_dealt=80, damage_suffered=12, healed=0, enemies_defeated=9, items_gained=3)
    set_language("de")
    assert summary_sentences(stats, bosses="2 Primus") == [
        "Du hast 21 Runden gespielt, 80 Schaden verursacht und 12 erlitten.",
        "Du hast 9 Gegner und 2 Primus besiegt, 3 Loot erhalten und 0 genutzt und 2 Sofort-Belohnungen genommen.",
    ]
    set_language("fr")
    assert summary_sentences(stats, bosses="")[0] == "Vous avez joué 21 tours, infligé 80 dégâts et subi 12."


REASONS = {
    "en": ("Your Health fell below 1: suffered 13 damage.", "The Selenarch is defeated."),
    "de": ("Dein Leben fiel unter 1: 13 Schaden erlitten.", "Der Selenarch ist besiegt."),
    "fr": ("Votre Santé est tombée sous 1 : 13 dégâts subis.", "Le Sélénarque est vaincu."),
}


@pytest.mark.parametrize("code", ["en", "de", "fr"])
def test_why_the_game_ended_reads_in_each_language(code: str) -> None:
    """The game-over screen's reason: the event keeps it in English; it is said in the reader's words."""
    deck = load_shipped("solar-sentinels")
    set_language(code)
    lost, won = REASONS[code]
    assert str(_reason("suffered 13 damage", False, deck)) == lost
    assert str(_reason("The Selenarch is defeated", True, deck)) == won


PRIMUS_PURPOSE = "Rufus Twice-Crowned: choose 1 die to dismiss to the training grounds"


@pytest.mark.parametrize("code", ["en", "de", "fr"])
@pytest.mark.parametrize(
    ("deck_id", "source", "purpose"),
    [
        ("hoplomachus-victorum", "rufus-twice-crowned", PRIMUS_PURPOSE),
        (
            "hoplomachus-victorum",
            "seren-ashveil",
            "Seren Ashveil: choose a camp whose top card joins the Influence deck",
        ),
        ("solar-sentinels", "moonquake-mole", "Moonquake Mole: choose 2 dice from the pool to exhaust"),
    ],
)
def test_a_prompt_names_its_card_once(code: str, deck_id: str, source: str, purpose: str) -> None:
    """A purpose an effect wrote with its card's name is not prefixed with the name again (a Primus's Bane read
    "Rufus Deux-fois-couronné: rufus Twice-Crowned : …"), and the name reads in the reader's language."""
    deck = load_shipped(deck_id)
    set_language(code)
    prompt = Prompt("choose_die", source=source, purpose=purpose)
    line = describe_event(ev.PromptPushed(prompt=prompt), deck)
    set_language("en")
    english = describe_event(ev.PromptPushed(prompt=prompt), deck)
    name_en = purpose.split(":")[0]
    set_language(code)
    name = card_name(deck, source)
    assert line.count(name) == 1, line
    assert line.startswith(name), line
    if code != "en":
        assert name_en not in line or name == name_en, line
    assert english.count(name_en) == 1
    assert purpose_words(purpose, deck, ruleset_for(deck.info.ruleset).words.purpose).startswith(name)
