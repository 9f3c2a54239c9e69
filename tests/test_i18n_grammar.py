"""A name in a placeholder is said as the words before it need (issue 29): French elides "de", "que", "le", "la"
before a name that starts with a vowel or a mute h ("capacité d’Ilsa"), not before an aspirated h the deck marks
("de Héraut des terriers"); German says a name with an epithet in the case of the preposition before it ("auf Rufus
den Zweifachgekrönten", "von Rufus dem Zweifachgekrönten") when the deck gives those forms. English reads as it
always did, and its messages stay plain strings."""

from __future__ import annotations

import pytest

from twentystrong import i18n
from twentystrong.content.loader import load_shipped
from twentystrong.i18n import _
from twentystrong.kits.hoplomachus_victorum.content import primus_side

SOLAR = load_shipped("solar-sentinels")
VICTORUM = load_shipped("hoplomachus-victorum")


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield None
    i18n.set_language(None)


def _primus(hero: str) -> str:
    primus = primus_side(VICTORUM.hero(hero))
    assert primus is not None
    return primus.name


@pytest.mark.parametrize(
    ("language", "hero", "said"),
    [
        ("fr", "ilsa", "capacité d’Ilsa"),
        ("fr", "oduya", "capacité d’Oduya"),
        ("fr", "varro", "capacité de Varro"),
        ("de", "ilsa", "Fähigkeit von Ilsa"),
        ("en", "ilsa", "Ilsa's ability"),
    ],
)
def test_french_elides_before_a_vowel(language: str, hero: str, said: str) -> None:
    i18n.set_language(language)
    assert _("{hero}'s ability").format(hero=VICTORUM.hero(hero).name) == said


def test_french_keeps_de_before_an_aspirated_h_the_deck_marks() -> None:
    i18n.set_language("fr")
    take = _("You take {card}'s instant reward.")
    assert take.format(card=SOLAR.card("magnetite-swarm").name) == (
        "Vous prenez la récompense instantanée d’Essaim de magnétite."
    )
    assert take.format(card=SOLAR.card("burrow-caller").name) == (
        "Vous prenez la récompense instantanée de Héraut des terriers."
    )


def test_german_declines_a_name_with_an_epithet() -> None:
    i18n.set_language("de")
    rufus = _primus("rufus")
    assert rufus == "Rufus der Zweifachgekrönte"  # nominative where it stands alone
    assert _("{dice} to {enemy}").format(dice="B1", enemy=rufus) == "B1 auf Rufus den Zweifachgekrönten"
    assert _("You take {card}'s instant reward.").format(card=rufus) == (
        "Du nimmst die Sofort-Belohnung von Rufus dem Zweifachgekrönten."
    )
    melia = _primus("melia")  # a feminine name: its accusative is its nominative
    assert _("{dice} to {enemy}").format(dice="B1", enemy=melia) == "B1 auf Melia die Netzkönigin"
    assert _("You take {card}'s instant reward.").format(card=melia) == (
        "Du nimmst die Sofort-Belohnung von Melia der Netzkönigin."
    )


def test_english_messages_stay_plain_strings() -> None:
    i18n.set_language("en")
    message = _("{hero}'s ability")
    assert type(message) is str
    assert message.format(hero=_primus("rufus")) == "Rufus Twice-Crowned's ability"
