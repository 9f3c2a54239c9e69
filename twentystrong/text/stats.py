"""Key figures of a game, computed from its events alone (a pure function: the game-over screen shows them).

Dice luck compares what was rolled with what the faces table (:data:`twentystrong.engine.dice.FACES`) leads one to
expect: a yellow die shows a crit one time in six and a basic hit one time in six, a red die never misses …
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from twentystrong.content.effects import COLORS, Color
from twentystrong.content.model import Deck
from twentystrong.engine import events as ev
from twentystrong.engine.dice import FACES, color_of
from twentystrong.engine.effects import hooks
from twentystrong.engine.evolve import evolve
from twentystrong.engine.rulesets import rules
from twentystrong.engine.state import GameState, SetupOptions, initial_state
from twentystrong.i18n import _, ngettext
from twentystrong.i18n.numbers import decimal

if TYPE_CHECKING:
    from twentystrong.record.ladder import LadderRule


@dataclass(frozen=True, slots=True)
class ColorLuck:
    """The rolls of one colour: how many dice, what they showed, what the faces table expects."""

    color: Color
    rolled: int
    crits: int
    hits: int
    """Basic hits (crits not included)."""
    expected_crits: float
    expected_hits: float

    @property
    def misses(self) -> int:
        """Dice that showed a miss."""
        return self.rolled - self.crits - self.hits

    @property
    def variance(self) -> float:
        """The variance of the number of hits and crits (a sum of independent yes/no rolls)."""
        p = (FACES[self.color].count("hit") + FACES[self.color].count("crit")) / 6
        return self.rolled * p * (1 - p)


@dataclass(frozen=True, slots=True)
class GameStats:
    """The figures of one game."""

    result: str | None
    """``won``, ``lost`` or None while the game goes on."""
    reason: str
    rounds: int
    damage_dealt: int
    """Damage put on cards by applied dice (as counted when each die was applied, R5)."""
    damage_taken: int
    """Health lost, whatever the cause."""
    damage_suffered: int
    """Health lost to enemies at Resolve step 1."""
    healed: int
    enemies_defeated: int
    """Conflict cards defeated (the boss not included)."""
    bosses_defeated: int
    """Whether the last boss faced (the game's final enemy: Solar Sentinels' boss; Hoplomachus Victorum's last Primus
    or the Scion) was defeated: 1 or 0."""
    items_gained: int
    items_used: int
    instant_rewards_taken: int
    goals_completed: int
    """The ruleset's goals the player completed (its words say which: :attr:`Words.completes
    <twentystrong.engine.rulesets.base.Words.completes>`)."""
    luck: tuple[ColorLuck, ...]
    """Per colour, only the colours that were rolled."""
    boss: str | None = None
    """The boss faced (the last one activated), if the endgame started."""
    killer: str | None = None
    """In a lost game, the card or boss that dealt the killing blow (:func:`killer_of`)."""

    @property
    def dice_rolled(self) -> int:
        """Dice rolled in all (a die rolled three times counts three)."""
        return sum(c.rolled for c in self.luck)

    @property
    def crits(self) -> int:
        """Crits rolled."""
        return sum(c.crits for c in self.luck)

    @property
    def hits(self) -> int:
        """Basic hits rolled."""
        return sum(c.hits for c in self.luck)

    @property
    def expected_crits(self) -> float:
        """Crits the faces table expects for the dice rolled."""
        return sum(c.expected_crits for c in self.luck)

    @property
    def expected_hits(self) -> float:
        """Basic hits the faces table expects for the dice rolled."""
        return sum(c.expected_hits for c in self.luck)

    @property
    def luck_margin(self) -> float:
        """Hits and crits rolled minus those expected: above 0 is lucky."""
        return (self.crits + self.hits) - (self.expected_crits + self.expected_hits)

    def luck_words(self) -> str:
        """The dice luck in a sentence."""
        if not self.dice_rolled:
            return _("No dice were rolled.")
        margin = self.luck_margin
        expected = decimal(self.expected_crits + self.expected_hits)
        got = self.crits + self.hits
        spread = math.sqrt(sum(c.variance for c in self.luck)) or 1.0
        # Within one standard deviation is ordinary luck; two or more is remarkable. A whole sentence for each.
        if abs(margin) <= spread:
            words = _("{got} hits and crits rolled against {expected} expected: about as expected.")
        elif margin > 2 * spread:
            words = _("{got} hits and crits rolled against {expected} expected: much luckier than expected.")
        elif margin > 0:
            words = _("{got} hits and crits rolled against {expected} expected: luckier than expected.")
        elif -margin > 2 * spread:
            words = _("{got} hits and crits rolled against {expected} expected: much unluckier than expected.")
        else:
            words = _("{got} hits and crits rolled against {expected} expected: unluckier than expected.")
        return words.format(got=got, expected=expected)


def summary_sentences(stats: GameStats, *, goals: int = 0, goal: str = "goal", bosses: str | None = None) -> list[str]:
    """The game's figures as sentences (the game-over summary): rounds and damage, enemies and rewards, the goals
    completed (``goals``: how many the game dealt; ``goal``: what one is called, ``mission`` or ``goal``). ``bosses``:
    the bosses beaten in the deck's words, None for "the boss".

    One whole message per shape of each sentence; a count the sentence names is a counted phrase of its own
    (``ngettext``), passed as a placeholder."""
    rounds = ngettext("{n} round", "{n} rounds", stats.rounds).format(n=stats.rounds)
    dealt = ngettext("{n} damage", "{n} damage", stats.damage_dealt).format(n=stats.damage_dealt)
    figures = {
        "rounds": rounds,
        "dealt": dealt,
        "taken": stats.damage_taken,
        "suffered": stats.damage_suffered,
        "healed": stats.healed,
    }
    from_enemies = stats.damage_suffered != stats.damage_taken
    if from_enemies and stats.healed:
        played = _(
            "You played {rounds}, dealt {dealt} and took {taken} ({suffered} of it from enemies at Resolve) and "
            "regained {healed} Health."
        )
    elif from_enemies:
        played = _("You played {rounds}, dealt {dealt} and took {taken} ({suffered} of it from enemies at Resolve).")
    elif stats.healed:
        played = _("You played {rounds}, dealt {dealt} and took {taken} and regained {healed} Health.")
    else:
        played = _("You played {rounds}, dealt {dealt} and took {taken}.")
    out = [played.format(**figures)]
    won = {
        "enemies": ngettext("{n} enemy", "{n} enemies", stats.enemies_defeated).format(n=stats.enemies_defeated),
        "items": ngettext("{n} item", "{n} items", stats.items_gained).format(n=stats.items_gained),
        "used": stats.items_used,
        "rewards": ngettext("{n} instant reward", "{n} instant rewards", stats.instant_rewards_taken).format(
            n=stats.instant_rewards_taken
        ),
        "bosses": bosses or "",
    }
    with_items = bool(stats.items_gained or stats.items_used)
    if bosses is None and stats.bosses_defeated:
        if with_items:
            defeated = _("You defeated {enemies} and the boss, gained {items} and used {used}, and took {rewards}.")
        else:
            defeated = _("You defeated {enemies} and the boss, gained no items, and took {rewards}.")
    elif bosses:
        if with_items:
            defeated = _("You defeated {enemies} and {bosses}, gained {items} and used {used}, and took {rewards}.")
        else:
            defeated = _("You defeated {enemies} and {bosses}, gained no items, and took {rewards}.")
    elif with_items:
        defeated = _("You defeated {enemies}, gained {items} and used {used}, and took {rewards}.")
    else:
        defeated = _("You defeated {enemies}, gained no items, and took {rewards}.")
    out.append(defeated.format(**won))
    if goals:
        done = stats.goals_completed
        if goal == "mission":
            completed = ngettext("You completed {done} of {n} mission.", "You completed {done} of {n} missions.", goals)
        elif goal == "goal":
            completed = ngettext("You completed {done} of {n} goal.", "You completed {done} of {n} goals.", goals)
        else:  # a deck's own word for its goals, not in the catalogues: English
            from twentystrong.engine.effects.words import plural

            completed = f"You completed {{done}} of {plural(goals, goal)}."
        out.append(completed.format(done=done, n=goals))
    return out


def ladder_words(before: int, after: int, unmoved: str = "", *, rule: LadderRule, played: int | None = None) -> str:
    """What a finished game did to its deck's ladder (``rule``): ``Your rank rises: 1 Solar Soldier → 2 Solar
    Specialist.`` (a level with its title, where the deck names them).

    ``unmoved``: why the game does not move the ladder (``assisted``, ``daily``, ``no`` and the setup option the
    ladder needs; any other reason, such as a deck without a ladder, says nothing), "" when it does.
    """
    kind = rule.kind_words()
    was, now = rule.level_words(before), rule.level_words(after)
    if unmoved in ("assisted", "daily") and played is not None and played != after:
        # A game played at another level than the ladder's: say both, or "stays 1" reads as the level just played.
        said = rule.level_words(played)
        if unmoved == "assisted":
            words = _("Assisted games do not move the ladder: you played {kind} {played}; your {kind} stays {level}.")
        else:
            words = _("Daily challenges do not move the ladder: you played {kind} {played}; your {kind} stays {level}.")
        return words.format(kind=kind, played=said, level=now)
    if unmoved == "assisted":
        return _("Assisted games do not move the ladder: your {kind} stays {level}.").format(kind=kind, level=now)
    if unmoved == "daily":
        return _("Daily challenges do not move the ladder: your {kind} stays {level}.").format(kind=kind, level=now)
    if rule.needs is not None and unmoved == f"no {rule.needs}":
        return _(
            "Games without {needs} do not move the ladder ({kind}s come only with {needs}): your {kind} stays {level}."
        ).format(needs=_(rule.needs), kind=kind, level=now)
    if unmoved:
        return ""
    if after > before:
        return _("Your {kind} rises: {before} → {after}.").format(kind=kind, before=was, after=now)
    if after < before:
        return _("Your {kind} falls: {before} → {after}.").format(kind=kind, before=was, after=now)
    return _("Your {kind} stays {level}.").format(kind=kind, level=now)


def game_stats(deck: Deck, options: SetupOptions, events: Iterable[ev.Event]) -> GameStats:
    """The figures of the game these events make (from the start, in order)."""
    return stats_from(initial_state(deck, options), events)


def stats_from(start: GameState, events: Iterable[ev.Event]) -> GameStats:
    """The figures of the events played from ``start``."""
    s = start
    rounds = dealt = taken = suffered = healed = 0
    defeated = bosses = gained = used = instant = goals = 0
    completes = rules(start).words.completes
    boss: str | None = None
    killer: str | None = None
    rolled: dict[str, int] = {c: 0 for c in COLORS}
    crits: dict[str, int] = {c: 0 for c in COLORS}
    hits: dict[str, int] = {c: 0 for c in COLORS}

    def tally(color: str, face: str) -> None:
        rolled[color] += 1
        crits[color] += face == "crit"
        hits[color] += face == "hit"

    for event in events:
        after = evolve(s, event)
        if isinstance(event, ev.RoundStarted):
            rounds = max(rounds, event.round)
        elif isinstance(event, ev.DieMoved) and event.reason == "apply" and event.card is not None:
            dealt += max(0, _damage_on(after, event.card) - _damage_on(s, event.card))
        elif isinstance(event, ev.DiceRolled):
            for die, face in event.faces:
                tally(color_of(die), face)
        elif isinstance(event, ev.RollTested) and event.color in rolled:
            for face in event.faces:  # test dice are rolled too (no faces: physical dice, only hits entered)
                tally(event.color, face)
        elif isinstance(event, ev.StatChanged) and event.stat == "health":
            if event.value < 1 and killer is None:
                killer = killer_of(s, event)
            delta = after.hero.health - s.hero.health
            if delta < 0:
                taken -= delta
                if event.reason.startswith("suffered"):
                    suffered -= delta
            else:
                healed += delta
        elif isinstance(event, ev.CardActivated) and event.boss:
            boss, bosses = event.card, 0  # the last boss faced is the game's final enemy (a Primus, then a Scion …)
        elif isinstance(event, ev.CardDefeated):
            card = s.active_card(event.card)
            if card is not None and card.boss:
                bosses += event.card == boss
            else:
                defeated += 1
        elif isinstance(event, ev.RewardDecided) and event.taken:
            if event.kind == "instant":
                instant += 1
            else:
                gained += 1
        elif isinstance(event, ev.ItemUsed):
            used += 1
        elif completes(event):
            goals += 1
        s = after
    luck = tuple(
        ColorLuck(
            color=c,
            rolled=rolled[c],
            crits=crits[c],
            hits=hits[c],
            expected_crits=rolled[c] * FACES[c].count("crit") / 6,
            expected_hits=rolled[c] * FACES[c].count("hit") / 6,
        )
        for c in COLORS
        if rolled[c]
    )
    return GameStats(
        result=s.result,
        reason=s.result_reason,
        rounds=max(rounds, s.round),
        damage_dealt=dealt,
        damage_taken=taken,
        damage_suffered=suffered,
        healed=healed,
        enemies_defeated=defeated,
        bosses_defeated=bosses,
        items_gained=gained,
        items_used=used,
        instant_rewards_taken=instant,
        goals_completed=goals,
        luck=luck,
        boss=boss,
        killer=killer if s.result == "lost" else None,
    )


def killer_of(before: GameState, fatal: ev.StatChanged | None) -> str | None:
    """The card that dealt the killing blow: the one the fatal Health loss names, else the undefeated enemy that
    deals the most damage in ``before`` (the state the fatal loss was suffered in)."""
    active = before.active
    if fatal is not None and not fatal.reason.startswith("suffered"):
        for card in active:
            name = before.deck.boss(card.id).name if card.boss else before.deck.card(card.id).name
            if name in fatal.reason:
                return card.id
    standing = [c for c in active if not c.defeated]
    if standing:
        return max(standing, key=lambda c: (hooks.enemy_damage(before, c), c.id)).id
    return active[-1].id if active else None


def _damage_on(s: GameState, card_id: str) -> int:
    card = s.active_card(card_id)
    return 0 if card is None else hooks.damage_taken(s, card)
