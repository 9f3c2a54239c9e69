"""The setup screen in German and French (issue 29): its labels, option rows, hero card and buttons in the language
spoken, and read again in the language chosen on it (the Language list), at once and keeping what was chosen."""

from __future__ import annotations

from test_tui_layout_small import screen_lines
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, Select

from twentystrong import i18n
from twentystrong.tui.app import TwentyStrongApp, create_app
from twentystrong.tui.screens.setup import SetupScreen


async def settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def shown(app: TwentyStrongApp) -> str:
    return "\n".join(screen_lines(app))


async def test_the_setup_screen_reads_german_then_french_after_a_switch_on_it() -> None:
    """Solar Sentinels' setup in German: the rows (Seed, Würfel, Tipps, Missionen, Rang), the radio rows, the hero
    card's stats, the rank's note and buttons; choosing French on the screen redraws every word of it in French at
    once, with the deck, the seed and the ticked Missions kept; the rank list then reads French ranks."""
    i18n.set_language("de")
    app = create_app(deck_id="solar-sentinels", seed=4321, hints=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        german = shown(app)
        for words in (
            "20 Strong — neues Spiel",
            "Seed",
            "Würfel",
            "Tipps",
            "Missionen",
            "Rang",
            "mit Missionen spielen",
            "Standard — Würfe und Mischen sind endgültig",
            "Virtuell — das Spiel würfelt",
            "Leben",
            "Auffrischen",
            "Fähigkeit:",
            "Ränge kommen mit Missionen",
            "Spiel beginnen",
        ):
            assert words in german, (words, german)
        for english in ("new game", "Standard — rolls", "Virtual", "Hints", "Health", "Ability", "Start game"):
            assert english not in german, (english, german)
        screen = app.screen
        screen.query_one("#missions", Checkbox).value = True
        await settle(pilot)
        assert "Ränge kommen mit Missionen" not in shown(app)

        screen.query_one("#language", Select).value = "fr"
        await settle(pilot)
        assert i18n.language() == "fr"
        assert app.screen is screen
        french = shown(app)
        for words in (
            "20 Strong — nouvelle partie",
            "Graine",
            "Dés",
            "Conseils",
            "jouer avec les missions",
            "Standard — jets et mélanges sont définitifs",
            "Virtuels — le jeu les lance",
            "Santé",
            "Récupération",
            "Capacité :",
            "Commencer la partie",
            "1 · Soldat solaire — 4 missions, en accomplir 3",
        ):
            assert words in french, (words, french)
        for german_words in ("neues Spiel", "Würfel", "Tipps", "Leben", "Fähigkeit", "Spiel beginnen"):
            assert german_words not in french, (german_words, french)
        # What was chosen is kept: the deck, the seed, the ticked Missions (the rank list open to a choice).
        assert screen.query_one("#deck", Select).value == "solar-sentinels"
        assert screen.query_one("#seed", Input).value == "4321"
        assert screen.query_one("#missions", Checkbox).value is True
        assert not screen.query_one("#rank", Select).disabled


async def test_victorum_setup_in_french_names_its_options_and_the_hero_draw() -> None:
    """Hoplomachus Victorum's setup in French: Difficulté and its list, Scion "Au hasard", the hero draw."""
    i18n.set_language("fr")
    app = create_app(deck_id="hoplomachus-victorum", seed=5, hints=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        french = shown(app)
        for words in ("Difficulté", "Scion", "Au hasard", "Tiré à la table", "Le tirage des héros", "héros tirés"):
            assert words in french, (words, french)
        for english in ("Random", "Drawn at the table", "The hero draw", "heroes drawn"):
            assert english not in french, (english, french)
