"""The ladder's sentences on the game-over screen and the record's toasts in German and French (issue 29): the
level's kind and title said in the reader's language, the record keeping them in English."""

from __future__ import annotations

from twentystrong import i18n
from twentystrong.kits.hoplomachus_victorum.ladder import LADDER as VICTORUM
from twentystrong.kits.solar_sentinels.ladder import LADDER as SOLAR
from twentystrong.record.games import Recorded
from twentystrong.text.record import report
from twentystrong.text.stats import ladder_words


def test_the_ladder_in_english_is_as_before() -> None:
    assert ladder_words(1, 2, rule=SOLAR) == "Your rank rises: 1 Solar Soldier → 2 Solar Specialist."
    assert ladder_words(2, 2, "no missions", rule=SOLAR) == (
        "Games without missions do not move the ladder (ranks come only with missions): your rank stays 2 Solar "
        "Specialist."
    )
    assert ladder_words(3, 2, rule=VICTORUM) == "Your difficulty falls: 3 → 2."
    assert SOLAR.name(3) == "rank 3 Solar Sergeant"


def test_the_ladder_in_german_and_french() -> None:
    i18n.set_language("de")
    assert ladder_words(1, 2, rule=SOLAR) == "Rang steigt: 1 Solar-Soldat → 2 Solar-Spezialist."
    assert ladder_words(2, 2, "no missions", rule=SOLAR) == (
        "Spiele ohne Missionen bewegen die Leiter nicht: Rang bleibt bei 2 Solar-Spezialist."
    )
    assert ladder_words(1, 1, "assisted", rule=VICTORUM) == (
        "Assistierte Spiele bewegen die Leiter nicht: Schwierigkeit bleibt bei 1."
    )
    assert SOLAR.name(3) == "Rang 3 Solar-Feldwebel"
    assert SOLAR.kind == "rank" and SOLAR.titles[3] == "Solar Sergeant"  # the record's keys stay English
    i18n.set_language("fr")
    assert ladder_words(3, 2, rule=VICTORUM) == "Votre difficulté baisse\u00a0: 3 → 2."
    assert ladder_words(5, 6, rule=SOLAR) == (
        "Votre rang monte\u00a0: 5 Sentinelle solaire → 6 Sentinelle solaire en chef."
    )


def test_the_record_s_words_in_german_and_french() -> None:
    from twentystrong.record.summary import Summary

    empty = Summary(games=0, wins=0, decks=(), rows=())
    recorded = Recorded(id=7)
    i18n.set_language("de")
    assert report(empty) == (
        "Noch keine beendeten Spiele in deiner Bilanz: spiel eines (twentystrong), es wird hier festgehalten."
    )
    assert recorded.message == "Spiel #7 in deine Bilanz aufgenommen (twentystrong stats, oder F2)."
    i18n.set_language("fr")
    assert recorded.message == "Partie n° 7 ajoutée à votre palmarès (twentystrong stats, ou F2)."


def test_the_dice_luck_sentence_in_german_and_french() -> None:
    """One whole sentence per verdict (the verdict never glued onto a translated fragment)."""
    from twentystrong.text.stats import ColorLuck, GameStats

    luck = (ColorLuck(color="blue", rolled=30, crits=5, hits=15, expected_crits=5.0, expected_hits=15.0),)
    stats = GameStats(
        result="lost",
        reason="",
        rounds=3,
        damage_dealt=1,
        damage_taken=1,
        damage_suffered=1,
        healed=0,
        enemies_defeated=0,
        bosses_defeated=0,
        items_gained=0,
        items_used=0,
        instant_rewards_taken=0,
        goals_completed=0,
        luck=luck,
    )
    assert stats.luck_words() == "20 hits and crits rolled against 20.0 expected: about as expected."
    i18n.set_language("de")
    assert stats.luck_words() == "20 Treffer und kritische Treffer geworfen, 20,0 erwartet: etwa wie erwartet."
    i18n.set_language("fr")
    assert stats.luck_words() == "20 touches et critiques obtenus pour 20,0 attendus\u00a0: à peu près comme prévu."


def test_the_record_keeps_english_names_and_the_report_says_them_in_the_reader_s_language() -> None:
    """A Solar Sentinels game finished in German is recorded with English names (and ids); ``twentystrong stats``
    reads it in English, German and French: each name translated by its id, each figure a whole sentence."""
    from twentystrong.bots import make_bot
    from twentystrong.content.loader import load_shipped
    from twentystrong.engine.state import SetupOptions
    from twentystrong.engine.view import player_view
    from twentystrong.record.games import add_game, ladder_levels, list_games
    from twentystrong.record.summary import summarize
    from twentystrong.session.session import Session

    i18n.set_language("de")
    deck = load_shipped("solar-sentinels")
    session = Session.new(deck, SetupOptions(deck.id, "corona", 5))
    bot = make_bot("heuristic", 5)
    while session.state.result is None:
        session.dispatch(bot.choose(player_view(session.state), session.legal()))
    add_game(session, source="headless")
    rows, _ = list_games()
    assert [row.hero_name for row in rows] == ["Corona"]
    boss = deck.boss(rows[0].final_enemy or "")
    german_boss = boss.name
    i18n.set_language("en")
    english_boss = boss.name
    assert rows[0].final_enemy_name == english_boss != german_boss  # kept in English, whatever was spoken
    summary = summarize(rows, ladder_levels())
    english = report(summary)
    assert english.startswith("Your record: 1 game, ") and english_boss in english
    i18n.set_language("de")
    german = report(summary)
    assert german.startswith("Deine Bilanz: 1 Spiel, ") and german_boss in german and english_boss not in german
    assert "Serien" in german and "streaks" not in german and "rounds" not in german
    i18n.set_language("fr")
    french = report(summary)
    assert french.startswith("Votre bilan\u00a0: 1 partie, ") and "séries" in french and "tour" in french


def test_an_unmoved_ladder_says_the_level_played_when_it_differs() -> None:
    """An assisted game played at rank 2 with the ladder at 1 (a play-test read "your rank stays 1" after a rank-2
    game as the level just played): the sentence says both. At the ladder's own level it is as before."""
    assert ladder_words(1, 1, "assisted", rule=SOLAR, played=2) == (
        "Assisted games do not move the ladder: you played rank 2 Solar Specialist; your rank stays 1 Solar Soldier."
    )
    assert ladder_words(1, 1, "assisted", rule=SOLAR, played=1) == ladder_words(1, 1, "assisted", rule=SOLAR)
    i18n.set_language("de")
    assert ladder_words(0, 0, "daily", rule=VICTORUM, played=1) == (
        "Tägliche Herausforderungen bewegen die Leiter nicht: Gespielt wurde auf Schwierigkeit 1; Schwierigkeit bleibt"
        " bei 0."
    )
    i18n.set_language("en")
