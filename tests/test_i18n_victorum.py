"""Hoplomachus Victorum's own words at the table in German and French (issue 29): the board's panel titles, its
legend, its trays, its step on the step bar, its key labels, prompts and buttons, from setup to a Primus fight, in
the chosen language, and none of them left in English."""

from __future__ import annotations

import pytest
from test_tui_hoplomachus import hv_app, prompt, screen
from test_tui_hoplomachus_snapshots import keys, settle
from test_tui_layout_small import screen_lines

from twentystrong import i18n
from twentystrong.kits.hoplomachus_victorum.board.board import VesuviusBoard
from twentystrong.kits.hoplomachus_victorum.board.panels import InfluencePanel, TacticsPanel
from twentystrong.tui.app import TwentyStrongApp
from twentystrong.tui.widgets.keys import KeyBar
from twentystrong.tui.widgets.status import PromptBar

WORDS = {
    "de": {
        "step": "│ Zieh in ein Lager │",
        "board": "Vesuv · ♛ Primus besiegt 0/3",
        "tactics": "Taktikbereich · 3",
        "influence": "Einflussstapel · 0 Karten · 0 ✧",
        "training": "Trainingsgelände",
        "legend": "▶n drück n · ◉ du · ♛ Primus · ✧ Einfluss · B/S/O Blutvergießen/Sport/Gelegenheit",
        "camp": "6 Karten",
        "scion": "Kampfseite: ♥6 ⚔1 +1 (der Endkampf)",
        "move": "Drück die Nummer eines Lagers (1–4), klick ein ▶-Lager, oder Pfeile, dann Enter.",
        "camp key": "1-9 Lager",
        "arrive": "Enter aktiviert, s schaut zu, f kämpft gegen den Primus.",
        "buttons": ("Raider aktivieren [enter]", "Zuschauen [s]", "Darius the Net bekämpfen [f]"),
        "fight key": "f Primus bekämpfen",
        "fight": "Auslage · ♛ Primus-Kampf: Darius the Net · Würfel bleiben auf unbesiegten Gegnern",
    },
    "fr": {
        "step": "│ Déplacez-vous vers un camp │",
        "board": "Mont Vésuve · ♛ Primus battus 0/3",
        "tactics": "Zone Tactique · 3",
        "influence": "Deck Influence · 0 carte · 0 ✧",
        "training": "Zone Entraînement",
        "legend": "▶n tapez n · ◉ vous · ♛ Primus · ✧ Influence · B/S/O Carnage/Sport/Opportunité",
        "camp": "6 cartes",
        "scion": "Face Conflit : ♥6 ⚔1 +1 (le combat final)",
        "move": "Tapez le numéro d’un camp (1–4), cliquez un camp ▶, ou les flèches puis Entrée.",
        "camp key": "1-9 Camp",
        "arrive": "Entrée active, s pour être spectateur, f combat le Primus.",
        "buttons": ("Activer Raider [enter]", "Spectateur [s]", "Combattre Darius the Net [f]"),
        "fight key": "f Combattre le Primus",
        # (the whole title is wider than the area at 120 columns: the fight and its name, whole, without the rule)
        "fight": "Zone active · ♛ combat de Primus\u00a0: Darius the Net",
    },
}
"""What each language shows, by moment (the test deck's card names are its own, English)."""

ENGLISH = (
    "Mount Vesuvius",
    "Tactics area",
    "Influence deck",
    "Training grounds",
    "press n",
    "Bloodshed/Sport/Opportunity",
    "Conflict side",
    "Spectate:",
    "the final fight",
    "Press a camp's number",
    "Enter activates",
    "Fight Primus",
    "Active area",
    "dice stay",
    " cards",
)
"""The board's English words, none of which may stay on a German or French table (the test deck's card names have
none of them)."""


def text(app: TwentyStrongApp) -> str:
    return "\n".join(screen_lines(app))


def english_left(app: TwentyStrongApp) -> list[str]:
    shown = text(app)
    return [words for words in ENGLISH if words in shown]


@pytest.mark.parametrize("language", ["de", "fr"])
async def test_the_victorum_board_speaks_the_chosen_language_from_setup_to_a_primus_fight(language: str) -> None:
    i18n.set_language(language)
    words = WORDS[language]
    app = hv_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await keys(pilot, "1", "enter", "enter")  # keep the first Tactic, place the Primus as offered
        table = screen(app)
        board = table.query_one(VesuviusBoard)
        assert str(board.border_title) == words["board"]
        assert str(table.query_one(TacticsPanel).border_title) == words["tactics"]
        assert str(table.query_one(InfluencePanel).border_title) == words["influence"]
        assert str(table.query_one("#training").border_title) == words["training"]
        shown = text(app)
        assert words["step"] in shown.splitlines()[0]  # the step bar names the phase once, then the deck's step
        for moment in ("legend", "camp", "scion"):
            assert words[moment] in shown, moment
        assert words["move"] in prompt(app)
        assert words["camp key"] in " ".join(screen_lines(app)[-1:])
        assert english_left(app) == []

        await keys(pilot, "1")  # camp 1-1: the Raider on top, Darius the Net waiting under it
        bar = " ".join(line.strip() for line in screen_lines(app)[table.query_one(PromptBar).region.y :])
        assert words["arrive"] in prompt(app)
        for button in words["buttons"]:
            assert button in bar, button
        assert words["fight key"] in " ".join(screen_lines(app)[table.query_one(KeyBar).region.y :])
        assert english_left(app) == []

        await keys(pilot, "f")  # the Primus fight
        active = table.query_one("#active")
        assert str(active.border_title) == words["fight"]
        assert english_left(app) == []
