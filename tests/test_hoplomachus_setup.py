"""Hoplomachus Victorum's setup (hoplomachus.md "Setup"; HV1, HV2, HV3, HV13): the deal, the hero from the draw
or a universal hero, the first Tactic, the Primus placement, the difficulty's Influence cards; the difficulty
ladder."""

from __future__ import annotations

from pathlib import Path

import pytest
from arena import DECK, HV_PATH, POOL, TRAINING, Arena, arranged
from record_helpers import split_setup

from twentystrong.content.heroes import hero_ref, with_hero, with_universal_heroes
from twentystrong.content.loader import load_deck
from twentystrong.content.model import Deck
from twentystrong.engine import Command, SetupOptions, initial_state, legal_commands
from twentystrong.kits.hoplomachus_victorum.rules import events as hev
from twentystrong.kits.hoplomachus_victorum.rules.pyramid import IDS
from twentystrong.kits.options import choose
from twentystrong.record.ladder import RULES, level_of, unmoved
from twentystrong.session import Session, SetupError

PLAIN = Path(__file__).parent / "decks" / "plain"


def test_the_deal_in_file_order() -> None:
    """HV24: Setup 1–7 with deal = "ordered": the first Scion at the apex, camp 1-1 the first six camp cards (top first)
    and so on, the first 4 Victorum heroes and the first 4 Tactics drawn; the pool 1 red, 2 purple, 2 blue, 2 green,
    2 yellow, the other 8 dice in the training grounds; the game waits for the hero."""
    a = Arena()
    t = a.t
    assert t.scion == "sc-lanista" and t.scion_side == "spectate"
    assert [len(c) for c in t.camps] == [6] * 9
    assert t.camps[0] == tuple(c.id for c in DECK.cards[:6]) and t.camps[8] == tuple(c.id for c in DECK.cards[48:54])
    assert t.heroes_drawn == ("vesna", "darius", "mira", "tullo")
    assert t.tactics_drawn == ("t-drill", "t-forge", "t-leap", "t-salve")
    assert sorted(a.dice_in("pool")) == sorted(POOL) and sorted(a.dice_in("training")) == sorted(TRAINING)
    assert a.s.step == "choose_hero" and a.s.round == 0
    assert {c.cmd for c in a.legal()} == {"choose_hero"}  # setup: nothing else, no items, nothing at any time


def test_a_shuffled_deal_is_the_seed_s_and_the_scion_may_be_chosen() -> None:
    """Contract 4: a shuffled deal follows from the seed; the Scion the setup names is the one at the apex."""
    first = Arena(deal="shuffled", seed=5)
    again = Arena(deal="shuffled", seed=5)
    other = Arena(deal="shuffled", seed=6)
    assert first.events == again.events and first.t.camps != other.t.camps
    assert {c for camp in first.t.camps for c in camp} == {c.id for c in DECK.cards}
    assert Arena(deal="shuffled", seed=5, scion="sc-augur").t.scion == "sc-augur"


def test_the_hero_and_the_primus() -> None:
    """Setup 3: the hero chosen from the draw sets the stats (setup 5); the other drawn heroes become Primus."""
    a = Arena()
    a.do("choose_hero", hero="mira")
    assert (a.s.hero.id, a.s.hero.health, a.s.hero.strategy, a.s.hero.recovery) == ("mira", 6, 3, 3)
    assert a.t.to_place == ("p-vesna", "p-darius", "p-tullo")
    assert a.s.step == "keep_tactic"


def test_the_setup_s_hero_comes_first_in_the_draw() -> None:
    """``--hero ID`` puts that Victorum hero first in the draw, and it is played: no choice asked."""
    a = Arena(hero="brenn")
    assert a.t.heroes_drawn == ("brenn", "vesna", "darius", "mira")
    assert a.s.hero.id == "brenn" and a.s.step == "keep_tactic"
    assert a.t.to_place == ("p-vesna", "p-darius", "p-mira")


def _plain_universal() -> Deck:
    """The plain test deck with its hero ``tester`` made universal."""
    plain = load_deck(PLAIN)
    heroes = [h.model_copy(update={"universal": h.id == "tester"}) for h in plain.heroes]
    return plain.model_copy(update={"heroes": heroes})


def test_hv1_a_universal_hero_sets_one_drawn_hero_aside() -> None:
    """HV1: the universal heroes of the other decks are offered with the draw; playing one still draws 4 + X, sets
    one drawn hero aside (out of the game) and turns the rest to their Primus side."""
    deck = with_universal_heroes(DECK, [DECK, _plain_universal()])
    a = Arena(deck=deck)
    assert a.s.deck.hero("plain/tester").name == "Tester"
    offered = a.legal("choose_hero")
    assert Command("choose_hero", hero="plain/tester", aside="darius") in offered
    assert Command("choose_hero", hero="vesna") in offered
    assert not any(c.hero == "plain/weakling" for c in offered)  # not universal
    a.do("choose_hero", hero="plain/tester", aside="darius")
    assert (a.s.hero.id, a.s.hero.health) == ("plain/tester", 6)
    assert a.t.aside == "darius" and a.t.to_place == ("p-vesna", "p-mira", "p-tullo")


def test_hv1_a_universal_hero_named_by_the_setup_only_asks_which_hero_is_set_aside() -> None:
    """HV1 with ``--hero DECK:HERO`` (or DECK/HERO): the choice left is the drawn hero set aside."""
    assert hero_ref("plain:tester") == hero_ref("plain/tester") == "plain/tester" and hero_ref("vesna") == "vesna"
    deck = with_hero(DECK, "plain/tester", [DECK, _plain_universal()])
    a = Arena(deck=deck, hero="plain/tester")
    assert {c.cmd for c in a.legal()} == {"choose_hero"}
    assert {(c.hero, c.aside) for c in a.legal()} == {("plain/tester", h) for h in ("vesna", "darius", "mira", "tullo")}
    a.do("choose_hero", hero="plain/tester", aside="tullo")
    assert a.t.to_place == ("p-vesna", "p-darius", "p-mira")


def test_hv1_a_universal_victorum_hero_plays_solar_sentinels() -> None:
    """HV1: a Victorum hero marked universal (Vesna) is played in Solar Sentinels: its stats and ability, its Primus
    side unused; a Victorum hero not marked universal is refused."""
    plain = load_deck(PLAIN)
    deck = with_hero(plain, "hv-test/vesna", [plain, DECK])
    session = Session.new(deck, SetupOptions(deck.id, "hv-test/vesna", seed=2))
    assert session.state.hero.id == "hv-test/vesna" and session.state.hero.health == 6
    assert session.state.step in ("activate", "round_start")
    with pytest.raises(ValueError, match="not universal"):
        with_hero(plain, "hv-test/darius", [plain, DECK])


def test_hv2_four_tactics_drawn_one_kept_three_to_the_tactics_area() -> None:
    """HV2: setup draws 4 Tactics of the 8; one is kept (an item), the other 3 go face up to the Tactics area; the
    Tactics never drawn stay out of the game."""
    a = Arena()
    a.do("choose_hero", hero="vesna")
    assert {c.tactic for c in a.legal("keep_tactic")} == {"t-drill", "t-forge", "t-leap", "t-salve"}
    a.do("keep_tactic", tactic="t-leap")
    assert a.s.inventory == ("t-leap",) and a.t.tactics == ("t-drill", "t-forge", "t-salve")
    assert a.s.step == "place_primus"


def test_hv3_the_primus_go_to_the_rulebook_camps_in_the_player_s_order() -> None:
    """HV3: the three Primus go under camp 1-1, then 2-2, then 3-2 (the 1st camp of the bottom row, the 2nd of the
    row above, the 2nd of the row under the Scion), the player choosing which goes where; the last one goes by
    itself."""
    a = Arena()
    a.do("choose_hero", hero="vesna")
    a.do("keep_tactic", tactic="t-drill")
    assert {(c.primus, c.camp) for c in a.legal()} == {(p, "1-1") for p in ("p-darius", "p-mira", "p-tullo")}
    refused = a.refused("place_primus", primus="p-darius", camp="1-3")
    assert (refused.code, refused.message) == (
        "camp_not_offered",
        "the first three Primus go under camps 1-1, 2-2, 3-2, in turn: place it under 1-1",
    )
    a.do("place_primus", primus="p-tullo", camp="1-1")
    assert {c.camp for c in a.legal("place_primus")} == {"2-2"}
    a.do("place_primus", primus="p-darius", camp="2-2")
    primus = {IDS[k]: p for k, p in enumerate(a.t.primus) if p is not None}
    assert primus == {"1-1": "p-tullo", "2-2": "p-darius", "3-2": "p-mira"}
    assert a.s.round == 1 and a.s.step == "move"  # difficulty 0: no Influence cards


def test_hv3_extra_primus_go_under_camps_that_hold_none() -> None:
    """HV3 with difficulty 2: 4 + 2 heroes drawn, 5 Primus; the extra two go under camps of the player's choice that
    hold none, one per camp."""
    a = Arena(difficulty=2)
    assert len(a.t.heroes_drawn) == 6
    a.do("choose_hero", hero="vesna")
    a.do("keep_tactic", tactic="t-drill")
    for p in ("p-darius", "p-mira", "p-tullo"):
        a.do("place_primus", primus=p, camp=str(a.legal()[0].camp))
    camps = {c.camp for c in a.legal("place_primus")}
    assert camps == set(IDS) - {"1-1", "2-2", "3-2"}
    a.do("place_primus", primus="p-kaeso", camp="1-3")
    assert "1-3" not in {c.camp for c in a.legal("place_primus")}
    a.do("place_primus", primus="p-livia", camp="2-3")
    assert sum(p is not None for p in a.t.primus) == 5


def test_difficulty_feeds_the_top_of_x_plus_1_camps_to_the_influence_deck() -> None:
    """HV24: Setup 8: difficulty X ≥ 1 moves the top card of X + 1 different camps of the player's choice to the
    face-down Influence deck (each turns up the next card: a reveal)."""
    a = Arena(difficulty=1)
    a.setup(primus=("p-darius", "p-mira", "p-tullo", "p-kaeso"))
    assert a.s.step == "feed_influence"
    top = a.top("1-3")
    events = a.do("feed_influence", camp="1-3")
    fed = next(e for e in events if isinstance(e, hev.InfluenceFed))
    assert fed.card == top and fed.revealed == a.top("1-3") and fed.reveal() is not None
    assert "1-3" not in {c.camp for c in a.legal("feed_influence")}  # each camp once
    a.do("feed_influence", camp="2-1")
    assert len(a.t.influence) == 2 and a.s.round == 1 and a.s.step == "move"


def test_setup_options_are_checked() -> None:
    """Bad setups are refused with a reason: a difficulty out of 0–4, an unknown Scion, a hero without a Primus
    side, Solar Sentinels' missions and ranks; and difficulty is not a Solar Sentinels option."""
    for change, words in (
        ({"difficulty": 5}, "difficulty must be 0–4"),
        ({"scion": "nobody"}, "has no Scion 'nobody'"),
        ({"missions": True}, "Solar Sentinels options"),
        ({"hero_id": "plain/tester"}, "no deck 'plain'"),
    ):
        general, choices = split_setup({"deck_id": DECK.id, "hero_id": "", "seed": 1, **change})
        with pytest.raises(SetupError, match=words):
            Session.new(DECK, SetupOptions(**general, choices=choices))
    plain = load_deck(PLAIN)
    with pytest.raises(SetupError, match="Hoplomachus Victorum options"):
        Session.new(plain, SetupOptions(plain.id, "tester", choices=choose({"difficulty": 2})))


def test_hv13_the_difficulty_ladder() -> None:
    """HV13: difficulty X (0–4) is this deck's ladder: a win moves up one, a loss down one, within the bounds,
    assisted games excepted; no missions are needed (they are Solar Sentinels')."""
    rule = RULES["hoplomachus-victorum"]
    assert (rule.kind, rule.lowest, rule.highest) == ("difficulty", 0, 4)
    assert rule.after(2, "won") == 3 and rule.after(2, "lost") == 1
    assert rule.after(4, "won") == 4 and rule.after(0, "lost") == 0
    assert level_of(SetupOptions(DECK.id, "", choices=choose({"difficulty": 3})), rule) == 3
    assert unmoved(assisted=False, needed=False, daily=False, rule=rule) == ""
    assert unmoved(assisted=True, needed=False, daily=False, rule=rule) == "assisted"
    assert unmoved(assisted=False, needed=False, daily=False, rule=RULES["solar-sentinels"]) == "no missions"


def test_a_game_s_first_legal_commands_after_setup() -> None:
    """Round 1: the first move goes to a camp of the bottom row; the Tactic kept may be used."""
    a = Arena().setup(tactic="t-leap")
    moves = {c.camp for c in a.legal("move")}
    assert moves == {"1-1", "1-2", "1-3", "1-4"}
    state = initial_state(arranged(), SetupOptions(DECK.id, "", deal="ordered"))
    assert legal_commands(state) == [Command("start")]


def test_hv13_a_finished_game_moves_the_deck_s_difficulty_in_the_record() -> None:
    """HV13 in the record: a finished game of this deck is kept with the hero chosen in the game and its difficulty,
    and moves the deck's ladder (kind ``difficulty``) from the difficulty it was played at: here a loss, 2 → 1; an
    assisted game leaves it alone."""
    import random

    from twentystrong.record.games import add_game, current_level, ladder_levels, list_games

    def finished(seed: int, **options: object) -> Session:
        general, choices = split_setup(options)
        options_ = SetupOptions(DECK.id, "", seed=seed, **general, choices=choices)  # type: ignore[arg-type]
        session = Session.new(DECK, options_, deck_path=HV_PATH)
        rng = random.Random(seed)
        while session.state.result is None:
            session.dispatch(rng.choice(session.legal()))
        return session

    lost = finished(3, difficulty=2)
    assert lost.state.result == "lost"
    done = add_game(lost, source="headless")
    assert (done.level_before, done.level_after, done.unmoved) == (2, 1, "")  # a loss at 2 falls 2 → 1 (never "rises")
    assert ladder_levels() == {"hv-test": ("difficulty", 1)}
    assert current_level("hv-test", ruleset="hoplomachus-victorum") == 1
    rows, _ = list_games()
    assert rows[0].hero == lost.state.hero.id != ""
    assisted = add_game(finished(4, difficulty=1, assisted=True))
    assert assisted.unmoved == "assisted" and ladder_levels() == {"hv-test": ("difficulty", 1)}


def test_the_rulesets_that_choose_the_hero_in_the_game_are_named_once() -> None:
    """``engine.state`` keeps its own copy of the rulesets whose setup offers universal heroes (so a game of another
    deck does not import the heroes module): it must equal ``heroes.CHOSEN_IN_GAME``."""
    from twentystrong.content.heroes import CHOSEN_IN_GAME
    from twentystrong.engine import state

    assert state._OFFERS_UNIVERSAL == CHOSEN_IN_GAME


def test_hv1_a_shipped_victorum_hero_is_universal_and_plays_solar_sentinels_to_the_end() -> None:
    """HV1 with the shipped decks: Castor is marked universal; Solar Sentinels lists him among its heroes (the setup
    screen's list), ``--hero hoplomachus-victorum:castor`` plays him (headless, simulate), and the heuristic bot plays
    a whole Solar Sentinels game with him to its end."""
    import json
    import subprocess
    import sys

    from twentystrong.bots import make_bot
    from twentystrong.content.heroes import shipped_heroes_for
    from twentystrong.content.loader import load_shipped
    from twentystrong.engine.view import player_view

    victorum = load_shipped("hoplomachus-victorum")
    assert [h.id for h in victorum.heroes if h.universal] == ["castor"]
    solar = load_shipped("solar-sentinels")
    offered = {c.ref: c.hero for c in shipped_heroes_for(solar)}
    assert offered["hoplomachus-victorum/castor"].name == "Castor"
    line = subprocess.run(
        [sys.executable, "-m", "twentystrong", "headless", "--hero", "hoplomachus-victorum:castor", "--seed", "5"],
        input="",
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout.splitlines()[0]
    first = json.loads(line)
    assert first["state"]["deck"] == "solar-sentinels"
    assert first["state"]["hero"]["id"] == "hoplomachus-victorum/castor" and first["state"]["hero"]["health"] == 5
    session = Session.new(solar, SetupOptions(solar.id, "hoplomachus-victorum/castor", seed=5))
    bot = make_bot("heuristic", 5)
    for _ in range(3000):
        if session.state.result is not None:
            break
        assert session.dispatch(bot.choose(player_view(session.state), session.legal())) is not None
    assert session.state.result in ("won", "lost") and session.state.hero.id == "hoplomachus-victorum/castor"


def test_hv1_victorum_offers_its_own_universal_hero_in_place_of_a_drawn_one() -> None:
    """HV1: "a universal hero from any deck", this deck's own too: Castor, not drawn (seed 1), may be played with a
    drawn hero set aside; his Primus side is not in the game. Drawn (seed 3), he is simply chosen, not offered twice."""
    from twentystrong.content.loader import load_shipped
    from twentystrong.engine.legal import awaiting
    from twentystrong.kits.hoplomachus_victorum.rules import table

    deck = load_shipped("hoplomachus-victorum")
    session = Session.new(deck, SetupOptions(deck.id, "", seed=1))
    asked = awaiting(session.state)
    assert asked["heroes"] == ["seren", "melia", "rufus", "nkiru"]
    assert asked["universal"] == ["hoplomachus-victorum/castor"]
    choose = Command("choose_hero", hero="hoplomachus-victorum/castor", aside="nkiru")
    assert choose in session.legal() and session.dispatch(choose) is not None
    s = session.state
    assert s.hero.id == "hoplomachus-victorum/castor" and (s.hero.health, s.hero.strategy) == (5, 3)
    assert table(s).aside == "nkiru" and "castor-redmane" not in table(s).to_place
    assert len(table(s).to_place) == 3
    drawn = Session.new(deck, SetupOptions(deck.id, "", seed=3))
    assert "castor" in awaiting(drawn.state)["heroes"] and awaiting(drawn.state)["universal"] == []


def test_every_game_of_a_loaded_deck_plays_one_deck_object() -> None:
    """HV1's deck with the universal heroes added (and a deck with a foreign hero) is made once per loaded deck:
    every game plays the same object, so the engine's memos keyed on the deck (by value) find it at once instead of
    comparing an equal copy field by field (issue 28's regression)."""
    from twentystrong.content.loader import load_shipped

    victorum = load_shipped("hoplomachus-victorum")
    first = initial_state(victorum, SetupOptions(victorum.id, "", seed=1)).deck
    again = initial_state(victorum, SetupOptions(victorum.id, "varro", seed=2)).deck
    assert first is again and first is not victorum and len(first.heroes) > len(victorum.heroes)
    foreign = f"hoplomachus-victorum/{next(h.id for h in victorum.heroes if h.universal)}"
    assert initial_state(victorum, SetupOptions(victorum.id, foreign, seed=3)).deck is first  # already held
    sentinels = load_shipped("solar-sentinels")
    played = with_hero(sentinels, foreign)
    assert with_hero(sentinels, foreign) is played and played.hero(foreign).id == foreign
    assert with_hero(sentinels, foreign, [sentinels, victorum]) is not played  # other decks given: a copy of its own
