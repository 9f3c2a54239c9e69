"""Snapshot tests of the table in German and French (issue 29): each deck at 120×40 and at 80×24, in the rulebooks'
words. Pictures a person checked once, compared on every run; each docstring says what its pictures must show.

Everything is fixed as in the English pictures (tests/test_tui_snapshots.py, tests/test_tui_hoplomachus_snapshots.py):
the test decks dealt in file order, seed 1, physical dice, hints off, a private data folder. The card names and card
texts are the decks' own (English in the test decks). Regenerate after an intended change with ``pytest
tests/test_i18n_snapshots.py --snapshot-update`` and look at the new pictures first.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from test_tui_hoplomachus import hv_app
from test_tui_hoplomachus_snapshots import _colours, keys, settle  # noqa: F401 - _colours: the same autouse fixture
from test_tui_snapshots import plain_app
from textual.pilot import Pilot

from twentystrong import i18n

SnapCompare = Callable[..., bool]
LANGUAGES = ["de", "fr"]


async def solar_commit(pilot: Pilot[None]) -> None:
    """Activate stack 2's top card, then commit P1."""
    await settle(pilot)
    await keys(pilot, "2", "p", "1")


async def victorum_setup(pilot: Pilot[None]) -> None:
    """Keep the first Tactic, place the Primus as offered."""
    await settle(pilot)
    await keys(pilot, "1", "enter", "enter")


@pytest.mark.parametrize("language", LANGUAGES)
def test_solar_table_at_120x40(snap_compare: SnapCompare, language: str) -> None:
    """The plain deck's table at 120×40 in the commit step, P1 committed. German: the step bar "Runde 1 │ Planung
    ▸ STRATEGIE ▸ Abhandlung │ Würfelwahl, Phase 1/3 │ Seed 1 · echte Würfel"; the zones "Auslage", "Aufmarschzone
    (nicht zugeordnet)" (P1), "Würfelpool", "Erschöpft" (keine); the odds "[o] Chancen", "P1 · noch 3 Würfe", "Chance
    zu besiegen, alle darauf:", "Um zu erreichen: 90% [t]:" "+G1 (1 Würfel) → 91%" and the chart's caption whole
    ("Dieser Wurf: ⌀ 1.0 Schaden"); the prompt "Aktiviere Würfel aus dem Würfelpool, dann wirf." and its keys line;
    the buttons "Würfeln [enter]", "Alle Züge … [a]"; the key bar (Würfeln, Karte, Alle Züge, Karten, Rückgängig,
    Hilfe). French: "Tour 1 │ Activation ▸ STRATÉGIE ▸ Résolution │ Engager, phase 1/3 │ graine 1 · vrais dés";
    "Zone active", "Dés engagés (non-assignés)", "Réserve", "Épuisés" (aucun); "[o] Chances", "3 lancers restants",
    "Chance de vaincre, tous dessus :", "Pour atteindre 90% [t]:" "+G1 (1 dé) → 91%"; "Engagez des dés de la
    réserve, puis lancez."; "Lancer [enter]", "Tous les coups… [a]"; Lancer, Carte, Tous les coups, Cartes, Annuler,
    Aide. (The stacks, the hero and inventory panels and the cards are the board's and panels' words, English.)"""
    i18n.set_language(language)
    assert snap_compare(plain_app(hero="tester"), terminal_size=(120, 40), run_before=solar_commit)


@pytest.mark.parametrize("language", LANGUAGES)
def test_solar_table_at_80x24(snap_compare: SnapCompare, language: str) -> None:
    """The same table at 80×24: the step bar without the options (the longer words give way: "Runde 1 │ Planung ▸
    STRATEGIE ▸ Abhandlung │ Würfelwahl, Phase 1/3"; "Tour 1 │ Activation ▸ STRATÉGIE ▸ Résolution │ Engager, phase
    1/3"); the zones titled whole (Auslage, Aufmarschzone (nicht zugeordnet), Würfelpool, Erschöpft; Zone active, Dés
    engagés (non-assignés), Réserve, Épuisés); the odds in the side column wrapped, not cut ("Chance zu besiegen, alle
    / darauf:"); the prompt's keys line wrapped to a second line ("… Enter / würfelt.", "… ; / Entrée lance."),
    both buttons, and the key bar whole up to ^p palette."""
    i18n.set_language(language)
    assert snap_compare(plain_app(hero="tester"), terminal_size=(80, 24), run_before=solar_commit)


@pytest.mark.parametrize("language", LANGUAGES)
def test_victorum_table_at_120x40(snap_compare: SnapCompare, language: str) -> None:
    """Hoplomachus Victorum's table at 120×40 after setup, at the first move: the step bar "Runde 1 │ PLANUNG ▸
    Strategie ▸ Abhandlung │ Zieh in ein Lager │ Seed 1 · echte Würfel" / "Tour 1 │ ACTIVATION ▸ Stratégie ▸
    Résolution │ Déplacez-vous vers un camp │ graine 1 · vrais dés" (the deck's step after the phase, named once); the
    pyramid of camps in the board's
    words ("Vesuv · ♛ Primus besiegt 0/3" / "Mont Vésuve · ♛ Primus battus 0/3", the Scion's "Zuschauen:" /
    "Kampfseite:" lines, "6 Karten" / "6 cartes" under each camp, the legend "▶n drück n · ◉ du · ♛ Primus · ✧
    Einfluss · B/S/O Blutvergießen/Sport/Gelegenheit"), the side panels "Taktikbereich · 3" / "Zone Tactique · 3" and
    "Einflussstapel · 0 Karten · 0 ✧" / "Deck Influence · 0 carte · 0 ✧"; the zones "Aufmarschzone (nicht
    zugeordnet)" / "Dés engagés (non-assignés)" with "keine aktivierten Würfel" / "aucun dé engagé", "Würfelpool" /
    "Réserve", the training grounds, "Erschöpft" / "Épuisés"; the prompt (the deck's own words) and the buttons
    "Alle Züge … [a]" / "Tous les coups… [a]"; the key bar (Alle Züge, Karten, Rückgängig, Hilfe / Tous les coups,
    Cartes, Annuler, Aide)."""
    i18n.set_language(language)
    assert snap_compare(hv_app(), terminal_size=(120, 40), run_before=victorum_setup)


@pytest.mark.parametrize("language", LANGUAGES)
def test_victorum_table_at_80x24(snap_compare: SnapCompare, language: str) -> None:
    """The same at 80×24: the step bar without the options; the pyramid without frames; the three trays sharing the
    width ("Würfelpool", "Trainingsgelände" / "Zone Entraînement" and the exhausted tray's title cut to "Ersch…" /
    "Épuis…", as "Exhausted" is in English: the tray is as wide as its dice); the Scion's line "zuschauen: …" /
    "spectateur : …"; the prompt "Zieh in ein Lager der untersten Reihe." / "Déplacez-vous vers un camp de la rangée
    du bas.", "Alle Züge … [a]" / "Tous les coups… [a]" and the key bar whole ("1-9 Lager" / "1-9 Camp")."""
    i18n.set_language(language)
    assert snap_compare(hv_app(), terminal_size=(80, 24), run_before=victorum_setup)


async def solar_history(pilot: Pilot[None]) -> None:
    """Activate stack 2's top card, commit P1, then open the log and history (l)."""
    await solar_commit(pilot)
    await keys(pilot, "l")
    await settle(pilot)


@pytest.mark.parametrize("language", LANGUAGES)
def test_solar_history_at_80x24(snap_compare: SnapCompare, language: str) -> None:
    """The log and history screen (l) of the plain deck's game after stack 2's activation and P1's commit, at 80×24:
    every heading and line built from the events in the language spoken. German: "Du beginnst das Spiel.", "Das Spiel
    beginnt: Tester mit Leben 6, Strategie 3 und Auffrischen 3; 3 Stapel ausgeteilt …", "Runde 1 beginnt.", "Du
    aktivierst Stapel 2 (Card 16).", "Du aktivierst Card 16 von Stapel 2.", "Du aktivierst P1."; French: "Vous
    commencez la partie.", "La partie commence : Tester avec Santé 6, …", "Le tour 1 commence.", "Vous activez la
    pile 2 (Card 16).", "Vous engagez P1.". No English sentence (the test deck's card names are English)."""
    i18n.set_language(language)
    assert snap_compare(plain_app(hero="tester"), terminal_size=(80, 24), run_before=solar_history)
