"""What a card's printed line is (an effect under its timing, the reward, the +N, a deck's kind line) is said by the
line itself, never read from its words: the table shows a German or French card as it shows an English one."""

from __future__ import annotations

import pytest

from twentystrong.content.loader import load_shipped
from twentystrong.i18n import set_language
from twentystrong.text.cards import TextLine, describe_any
from twentystrong.tui.widgets.cards import printed_line

DECKS = ("solar-sentinels", "hoplomachus-victorum")


def roles(deck_id: str) -> dict[str, list[tuple[str, str]]]:
    deck = load_shipped(deck_id)
    cards = [*deck.cards, *deck.bosses]
    return {card.id: [(line.role, line.reward) for line in describe_any(deck, card.id).lines] for card in cards}


@pytest.mark.parametrize("deck_id", DECKS)
@pytest.mark.parametrize("language", ["de", "fr"])
def test_a_line_is_the_same_line_in_every_language(deck_id: str, language: str) -> None:
    english = roles(deck_id)
    assert any(kind for lines in english.values() for _, kind in lines)  # rewards are marked
    assert any(role == "during" for lines in english.values() for role, _ in lines)
    set_language(language)
    try:
        assert roles(deck_id) == english
    finally:
        set_language("en")


def test_a_reward_line_gets_its_icon_in_any_language() -> None:
    german = printed_line(TextLine("Sofort-Belohnung:", "Erhalte 1 Leben.", "reward", "instant"))
    assert german.plain.startswith("★ Sofort-Belohnung:")
    effect = printed_line(TextLine("Während:", "Gelbe Würfel …", "during"), ended=True)
    assert not effect.plain.startswith(("★", "◆", "◈"))
    assert "(ended)" in effect.plain
