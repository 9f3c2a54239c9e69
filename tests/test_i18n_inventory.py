"""The inventory's words in German and French (issue 29): a held Tactic's use and fate in whole sentences that agree
with it (German and French: feminine), and the hero's ability named with French elision before a vowel."""

from __future__ import annotations

import pytest
from test_i18n_tui import settle
from test_tui_hoplomachus import hv_app
from test_tui_hoplomachus_snapshots import keys
from test_tui_layout_small import screen_lines

from twentystrong import i18n
from twentystrong.tui.screens.inventory import _ability_of

USED = {
    "de": ("Nutze sie", "dann kehrt sie"),
    "fr": ("Utilisez-la", "ensuite elle retourne"),
}


@pytest.mark.parametrize("language", ["de", "fr"])
async def test_a_held_tactic_says_where_it_goes_in_one_sentence(language: str) -> None:
    i18n.set_language(language)
    app = hv_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await keys(pilot, "1", "enter", "enter")  # keep the first Tactic, place the Primus as offered
        await keys(pilot, "i")
        await settle(pilot)
        shown = " ".join(" ".join(line.split()) for line in screen_lines(app))
        for words in USED[language]:  # (the sentence wraps in the inventory's column)
            assert words in shown, (words, shown)
        assert "returns to the Tactics area" not in shown


def test_the_hero_s_ability_elides_before_a_vowel_in_french() -> None:
    assert _ability_of("Umbra") == "Umbra's ability"  # English as before
    i18n.set_language("fr")
    assert _ability_of("Umbra") == "capacité d’Umbra"
    assert _ability_of("Corona") == "capacité de Corona"
    i18n.set_language("de")
    assert _ability_of("Umbra") == "Fähigkeit von Umbra"
