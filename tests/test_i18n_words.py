"""Words that read wrong or in English in German and French (issue 29's last list): the game-over summary and why a
game was lost, a prompt that names its card twice, numbers and percentages, French punctuation, plurals, the
rulebooks' terms, and Textual's own words (the command palette, the footer)."""

from __future__ import annotations

import dataclasses
import re
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
    "fr": ("Votre Santé est tombée sous 1\u00a0: 13 dégâts subis.", "Le Sélénarque est vaincu."),
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


# --- numbers ------------------------------------------------------------------------------------------------------

NBSP = "\u00a0"


@pytest.mark.parametrize(
    ("code", "figures"),
    [
        ("en", ("4.2", "+1.5", "90%", "12.50%", "63%", "<1%")),
        ("de", ("4,2", "+1,5", f"90{NBSP}%", f"12,50{NBSP}%", f"63{NBSP}%", f"<1{NBSP}%")),
        ("fr", ("4,2", "+1,5", f"90{NBSP}%", f"12,50{NBSP}%", f"63{NBSP}%", f"<1{NBSP}%")),
    ],
)
def test_numbers_and_percentages_as_each_language_writes_them(code: str, figures: tuple[str, ...]) -> None:
    """A decimal comma and a no-break space before % in German and French; English as Python writes it."""
    from twentystrong.i18n.numbers import decimal, ratio
    from twentystrong.text.words import percent

    set_language(code)
    assert (decimal(4.2), decimal(1.5, sign=True), ratio(0.9), ratio(0.125, 2), percent(0.63), percent(0.001)) == (
        figures
    )
    assert decimal(4.25, width=6) == figures[0].rjust(6)


@pytest.mark.parametrize("code", ["de", "fr"])
def test_dice_luck_and_the_odds_command_write_a_decimal_comma(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    from twentystrong.cli.main import main
    from twentystrong.engine.dice import FACES
    from twentystrong.text.stats import ColorLuck

    luck = ColorLuck("yellow", 3, 1, 1, 3 * FACES["yellow"].count("crit") / 6, 3 * FACES["yellow"].count("hit") / 6)
    set_language(code)
    stats = dataclasses.replace(_stats(), luck=(luck,))
    assert "1,0" in stats.luck_words()
    assert main(["odds", "--lang", code, "--dice", "2Y,1G,1B,1P,1R", "--health", "6", "--phases", "2"]) == 0
    out = capsys.readouterr().out
    assert "4,667 (14/3)" in out
    assert f"66,51{NBSP}%" in out
    assert "66.51" not in out and "%" not in out.replace(f"{NBSP}%", "")


# --- punctuation, plurals, articles, terms ---------------------------------------------------------------------------


def test_french_sets_a_no_break_space_before_its_colons_and_german_and_french_before_percent() -> None:
    from twentystrong.i18n import tools

    for code in ("de", "fr"):
        for message in tools.read(code):
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for text in strings:
                assert not re.search(r"\d ?%", text), (code, text)
                if code == "fr":
                    assert not re.search(r" [:;?!]", text), text


def test_a_no_break_space_keeps_a_colon_on_its_line_when_textual_wraps() -> None:
    """Textual wraps with Rich's words (``\\s`` matches U+00A0): the App makes a no-break space part of its word."""
    from textual.content import Content

    from twentystrong.tui.nobreak import keep_no_break_spaces

    text = f"Votre Santé est tombée sous 1{NBSP}: 13 dégâts subis, 90{NBSP}% de chance."
    keep_no_break_spaces()
    for width in range(12, 40):
        for line in Content(text).wrap(width):
            assert not str(line).startswith((":", "%")), (width, str(line))
    assert [str(line) for line in Content(text).wrap(29)][0] == "Votre Santé est tombée sous"


@pytest.mark.parametrize(
    ("code", "purple", "red"),
    [
        ("en", "5 of 6 faces hit (1 of them a crit), 1 miss", "6 of 6 faces hit (1 of them a crit), 0 miss"),
        ("de", "5 von 6 Seiten treffen (1 davon kritisch), 1 Fehlschlag", "(1 davon kritisch), 0 Fehlschläge"),
        (
            "fr",
            "5 faces sur 6 touchent (dont 1 critique), 1 échec",
            "6 faces sur 6 touchent (dont 1 critique), 0 échec",
        ),
    ],
)
def test_the_dice_primer_counts_each_colour_s_misses(code: str, purple: str, red: str) -> None:
    from twentystrong.text.primer import dice_lines

    set_language(code)
    lines = dict(dice_lines())
    assert next(text for term, text in lines.items() if term.startswith("P ")) == purple
    assert next(text for term, text in lines.items() if term.startswith("R ")).endswith(red)


@pytest.mark.parametrize(
    ("code", "banished"),
    [
        ("en", "Y1 is banished (banished by The Selenarch)."),
        ("de", "Y1 ist verbannt (vom Selenarch verbannt)."),
        ("fr", "Y1 est banni (banni par le Sélénarque)."),
    ],
)
def test_a_name_with_its_article_agrees_with_its_preposition(code: str, banished: str) -> None:
    """ "durch Der Selenarch" read wrong: a name's article takes the preposition's case (German) or contracts with it
    (French)."""
    from twentystrong.i18n import agree

    deck = load_shipped("solar-sentinels")
    set_language(code)
    event = ev.DieMoved(die="Y1", zone="banished", reason="banished by The Selenarch")
    assert describe_event(event, deck) == banished
    if code == "de":
        assert agree("bewegt durch Der Aderlasser") == "bewegt durch den Aderlasser"
        assert agree("die Belohnung von Die Hohle Krone") == "die Belohnung von der Hohlen Krone"
        assert agree("Angriff auf Die Hohle Krone") == "Angriff auf die Hohle Krone"
    if code == "fr":
        assert agree("la capacité de Le Saigneur et de La Couronne creuse") == (
            "la capacité du Saigneur et de la Couronne creuse"
        )


def test_french_names_victorum_s_card_kind_and_penalty_in_french() -> None:
    """Bloodshed and Bane read in English in French (German had Blutvergießen and Fluch): the glossary gives
    Carnage (chosen) and Malus (the French summary's own word)."""
    from twentystrong.i18n import term

    set_language("fr")
    assert (term("bloodshed"), term("bane")) == ("Carnage", "Malus")
    from twentystrong.i18n import tools

    for message in tools.read("fr"):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert not any(re.search(r"\bB(loodshed|ane)\b", text or "") for text in strings), message.id


# --- Textual's own words -------------------------------------------------------------------------------------------

TEXTUAL = {
    "de": ("Befehle suchen…", "Hilfe", "Palette", ("Farbschema…", "Beenden", "Bildschirmfoto", "Rückgängig")),
    "fr": ("Rechercher une commande…", "Aide", "palette", ("Thème…", "Quitter", "Capture d’écran", "Annuler")),
}


@pytest.mark.parametrize("code", ["de", "fr"])
async def test_textual_s_palette_and_footer_read_in_each_language(code: str) -> None:
    """The command palette's search field and its system commands (Textual's Theme, Quit, Screenshot), the footer's
    palette key and the App's own keys (? Help on a screen with Textual's Footer) read in the language spoken."""
    from test_tui_layout_small import screen_lines
    from textual.command import CommandList, CommandPalette
    from textual.widgets import Input

    from twentystrong.tui.app import create_app

    set_language(code)
    placeholder, help_word, palette, commands = TEXTUAL[code]
    app = create_app(deck_id="solar-sentinels", hero="corona", seed=7, hints=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        table = "\n".join(screen_lines(app))
        assert f"^p {palette}" in table, table[-240:]
        await pilot.press("l")  # the log: Textual's Footer, which shows the App's keys as bound
        await pilot.pause()
        log = "\n".join(screen_lines(app))
        assert f"? {help_word}" in log and "? Help" not in log, log[-240:]
        await pilot.press("escape")
        await pilot.pause()
        app.action_command_palette()
        await pilot.pause()
        palette_screen = app.screen
        assert isinstance(palette_screen, CommandPalette)
        assert palette_screen.query_one(Input).placeholder == placeholder
        titles = [str(command.title) for command in app.get_system_commands(app.screen_stack[-2])]
        for title in commands:
            assert any(t.startswith(title) for t in titles), (title, titles)
        assert not {"Theme", "Quit", "Screenshot", "Undo"} & set(titles), titles
        assert palette_screen.query_one(CommandList) is not None
