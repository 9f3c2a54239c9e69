"""Sentences that name a card agree with the grammatical gender of its name (issue 29): French "vaincu" /
"vaincue", German "sein" / "ihr" Fluch, "er" / "sie" / "es"; a name whose gender the deck does not give (a deck of
one's own) or a plural name reads a wording that needs no agreement; English reads as it always did.

A name in a placeholder is also said as the words before it need: French elides "de", "que", "le", "la" before a
name that starts with a vowel or a mute h ("capacité d’Ilsa"), not before an aspirated h the deck marks ("de Héraut
des terriers"); German says a name with an epithet in the case of the preposition before it ("auf Rufus den
Zweifachgekrönten", "von Rufus dem Zweifachgekrönten") when the deck gives those forms. English messages stay plain
strings."""

from __future__ import annotations

import dataclasses

import pytest

from twentystrong import i18n
from twentystrong.content.loader import load_shipped
from twentystrong.content.translations import missing
from twentystrong.engine import events as ev
from twentystrong.engine.reasons import game_reason
from twentystrong.i18n import _
from twentystrong.kits.hoplomachus_victorum.content import primus_side
from twentystrong.kits.hoplomachus_victorum.rules.events import CampTopDiscarded, FightWon
from twentystrong.text.events import describe_event

SOLAR = load_shipped("solar-sentinels")
VICTORUM = load_shipped("hoplomachus-victorum")


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield None
    i18n.set_language(None)


@pytest.mark.parametrize(
    ("language", "card", "said"),
    [
        ("fr", "gibbous-grub", "Larve gibbeuse est vaincue"),
        ("fr", "brood-guardian", "Gardien de la couvée est vaincu"),
        ("fr", "twin-crescents", "Vous avez vaincu Croissants jumeaux"),  # a plural name: no agreement
        ("de", "brood-guardian", "Brutwächter ist besiegt"),
        ("de", "twin-crescents", "Du hast Zwillingssicheln besiegt"),
        ("en", "gibbous-grub", "Gibbous Grub is defeated"),
    ],
)
def test_defeat_agrees_with_the_name(language: str, card: str, said: str) -> None:
    i18n.set_language(language)
    assert describe_event(ev.CardDefeated(card=card), SOLAR) == said + "."
    assert game_reason(f"{SOLAR.card(card).name} is defeated", SOLAR) == said  # why a game ended, by name


def test_a_name_without_gender_reads_without_agreement() -> None:
    """A deck of one's own may give no gender: the French sentence then needs none."""
    card = SOLAR.card("gibbous-grub")
    assert card.fr is not None
    plain = dataclasses.replace(card, fr=dataclasses.replace(card.fr, gender=None))
    deck = dataclasses.replace(SOLAR, cards=[plain if c.id == card.id else c for c in SOLAR.cards])
    i18n.set_language("fr")
    assert describe_event(ev.CardDefeated(card=card.id), deck) == "Vous avez vaincu Larve gibbeuse."
    assert ("fr", ["gender"]) in list(missing(plain))  # validate warns


@pytest.mark.parametrize(
    ("language", "primus", "said"),
    [
        ("de", "ilsa-wolf-cloak", "ihr Fluch"),
        ("de", "varro-unburnt", "sein Fluch"),
        ("fr", "ilsa-wolf-cloak", "est battue"),
        ("fr", "varro-unburnt", "est battu "),
    ],
)
def test_a_primus_beaten_agrees(language: str, primus: str, said: str) -> None:
    i18n.set_language(language)
    assert said in describe_event(FightWon(primus=primus), VICTORUM)


def test_a_camp_card_discarded_agrees_in_french() -> None:
    i18n.set_language("fr")
    assert describe_event(CampTopDiscarded(camp="1-1", card="net-dancer"), VICTORUM).startswith(
        "Danseuse au filet est défaussée du camp"
    )
    assert describe_event(CampTopDiscarded(camp="1-1", card="ember-lion"), VICTORUM).startswith(
        "Lion des braises est défaussé du camp"
    )


@pytest.mark.parametrize("deck", [SOLAR, VICTORUM], ids=["solar-sentinels", "hoplomachus-victorum"])
def test_every_shipped_name_that_sentences_agree_with_has_its_gender(deck: object) -> None:
    from twentystrong.content.translations import every_translated

    lacking = [
        (getattr(part, "id", "?"), code)
        for item in (*deck.cards, *deck.bosses, *deck.heroes, *(i for items in deck.parts.values() for i in items))  # type: ignore[attr-defined]
        for _path, part in every_translated(item)
        for code, keys in missing(part)
        if "gender" in keys
    ]
    assert lacking == []


@pytest.mark.parametrize(
    ("language", "card", "after", "discarded"),
    [
        ("fr", "scoria-boar", "il rejoint le deck Influence", "Défaussé, il rejoint le deck Influence."),
        ("fr", "rock-jaw-gladiatrix", "elle rejoint le deck Influence", "Défaussée, elle rejoint le deck Influence."),
        ("de", "scoria-boar", "er kommt in den Einflussstapel", "Abgeworfen kommt er in den Einflussstapel."),
        ("en", "scoria-boar", "it joins the Influence deck", "Discarded, it joins the Influence deck."),
    ],
)
def test_a_held_card_joining_the_influence_deck_agrees_with_its_name(
    language: str, card: str, after: str, discarded: str
) -> None:
    """A Victorum item with the Influence icon: 'it joins the Influence deck' says he or she as its name is."""
    from types import SimpleNamespace

    from twentystrong.kits.hoplomachus_victorum.board.panels import item_note

    i18n.set_language(language)
    note = item_note(SimpleNamespace(deck=VICTORUM), card)  # type: ignore[arg-type]  # only its deck is read
    assert note is not None
    assert (note.after_use, note.discarded) == (after, discarded)


@pytest.mark.parametrize(
    ("language", "card", "said"),
    [
        ("fr", "gibbous-grub", "Larve gibbeuse (pile 2) est obligatoire\xa0: elle ne peut pas être défaussée"),
        ("fr", "brood-guardian", "Gardien de la couvée (pile 2) est obligatoire\xa0: il ne peut pas être défaussé"),
        ("de", "brood-guardian", "Brutwächter (Stapel 2) ist Pflicht: Er kann nicht abgeworfen werden"),
        ("en", "brood-guardian", "Brood Guardian (stack 2) is mandatory: it cannot be discarded"),
    ],
)
def test_a_mandatory_card_kept_from_the_discard_agrees_with_its_name(language: str, card: str, said: str) -> None:
    from twentystrong.engine.effects.words import card_gender
    from twentystrong.kits.solar_sentinels.rules.rules import MANDATORY_KEPT

    i18n.set_language(language)
    gender = card_gender(SOLAR, card)
    assert MANDATORY_KEPT(gender).format(card=SOLAR.card(card).name, stack=2) == said


def test_the_records_boss_lines_need_no_agreement() -> None:
    """A boss's name may be masculine or feminine: the record's line about it says 'your wins', not 'defeated it'."""
    i18n.set_language("fr")
    line = i18n.ngettext(
        "{boss}: beat you {n} time; you defeated it {defeated} of {faced}",
        "{boss}: beat you {n} times; you defeated it {defeated} of {faced}",
        2,
    )
    assert line.format(boss="La Couronne creuse", n=2, defeated=1, faced=3) == (
        "La Couronne creuse\xa0: vous a battu 2 fois\xa0; vos victoires\xa0: 1 sur 3"
    )


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
