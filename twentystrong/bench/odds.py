"""Benchmarks of the odds for ``twentystrong bench`` (style.md habit 9: timings are a command, not a test)."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from twentystrong.odds.advice import EnemyQuestion, OddsQuestion
from twentystrong.odds.dice import COLORS, DiceCounts, Face
from twentystrong.odds.model import PLAIN, DamageModel
from twentystrong.odds.rerolls import best_apply, clear_cache, kill_probabilities, kill_probability
from twentystrong.odds.rules import Boost, Conversion, Resources, RollRules
from twentystrong.odds.single import single_roll
from twentystrong.odds.targets import Target, targets_odds

if TYPE_CHECKING:
    from twentystrong.engine.state import GameState
    from twentystrong.odds.advice import OddsChances
    from twentystrong.odds.advisor import Chance

Row = tuple[str, float, str, str, bool | None]
_FACES: tuple[Face, ...] = ("hit", "miss", "crit", "hit", "hit")

MODELS: dict[str, DamageModel] = {
    "plain": PLAIN,
    "+1 green": PLAIN.with_bonus(["green"]),
    "crits 0": PLAIN.with_crits_dealing(0),
    "blue cannot apply": PLAIN.without_applying(["blue"]),
}
"""The damage models of the cold rows (issue 17): the plain rule and one of each kind a card can bring."""

PROCESS_COMMAND = ("odds", "--dice", "4Y,4G,4B,4P,1R", "--health", "20", "--phases", "6", "--json", "--bonus", "G")
"""The whole-process row: all 17 dice, green +1, health 20, six phases (37 s before the colour-by-colour tables).
Issue 15 made ``--dice Y4,G4,B4,P4,R1`` five die ids; the counts are written count first."""

CORONA = Conversion("Corona's ability", ("miss",), ("crit",), frozenset({"yellow", "green", "blue"}))
"""The face change of the resource rows: a yellow, green or blue miss becomes a crit, once this round."""


def _best_ms(work: Callable[[], object], *, repeat: int, cold: bool) -> float:
    """The best of ``repeat`` timings of ``work`` in milliseconds of CPU time, which a busy machine skews little (the
    odds run on one thread: numpy's element-wise operations, no BLAS); caches cleared first when ``cold``."""
    best = float("inf")
    for _ in range(repeat):
        if cold:
            clear_cache()
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best * 1000


def _process_seconds(runs: int) -> tuple[float, bool]:
    """The median wall time of :data:`PROCESS_COMMAND` as a fresh process, and whether it answered the question
    (all 17 dice, six phases, the same probability as in this process)."""
    expected = kill_probabilities(DiceCounts.all(), 20, phases=6, model=MODELS["+1 green"])
    times: list[float] = []
    ok = True
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "twentystrong", *PROCESS_COMMAND], capture_output=True, text=True, check=False
        )
        times.append(time.perf_counter() - start)
        try:
            answer = json.loads(done.stdout)["kill_probability_by_phases"]
        except (ValueError, KeyError, TypeError):
            answer = None
        ok = ok and done.returncode == 0 and answer == list(expected)
    return statistics.median(times), ok


def bench_odds(quick: bool = False) -> list[Row]:
    """Time the odds: one roll, best play cold for each kind of damage model and cached, advice, a whole process,
    several targets.

    "Cold" clears every in-process cache first (numpy is already imported: the whole-process row pays for that).
    A cold question builds its model's whole table (all 17 dice, six phases, needs up to 20), whatever the dice.
    """
    every = DiceCounts.all()
    repeat = 2 if quick else 7
    rows: list[Row] = []

    ms = _best_ms(lambda: single_roll(every, PLAIN), repeat=repeat * 10, cold=True)
    rows.append(("odds: single-roll distribution, 17 dice, cold", ms, "ms", "≤ 1", ms <= 1))

    kill_probability(every, 20, phases=6)  # numpy imported, outside the timings
    for name, model in MODELS.items():
        ms = _best_ms(lambda model=model: kill_probability(every, 20, phases=6, model=model), repeat=repeat, cold=True)  # type: ignore[misc]
        rows.append(
            (f"odds: best-play kill probability, 17 dice, H 20, 6 phases, cold, {name}", ms, "ms", "≤ 50", ms <= 50)
        )

    clear_cache()
    kill_probability(every, 20, phases=6)
    ms = _best_ms(lambda: kill_probability(every, 17, phases=5), repeat=repeat * 10, cold=False)
    rows.append(("odds: best-play kill probability, 17 dice, H 17, 5 phases, cached", ms, "ms", "≤ 1", ms <= 1))

    rolled: dict[str, Face] = {die: face for die, face in zip(every.die_ids(), _FACES * 4, strict=False)}
    ms = _best_ms(lambda: best_apply(rolled, 20, phases_after=5), repeat=repeat * 10, cold=False)
    rows.append(("odds: advice after a roll of 17 dice, H 20, 5 phases after, cached", ms, "ms", "≤ 1", ms <= 1))

    seconds, answered = _process_seconds(1 if quick else 3)
    command = "twentystrong " + " ".join(PROCESS_COMMAND)
    note = "" if answered else " (DID NOT ANSWER FOR ALL 17 DICE)"
    rows.append((f"odds: whole process, {command}{note}", seconds, "s", "", None if answered else False))

    # Resources and rules on rolls (issue 17, part B): exact, cold.
    for name, rules, conversion in (
        ("Corona's ability held", RollRules(), CORONA),
        ("misses not rolled again", RollRules.of(kept=["miss"]), None),
        ("misses not rolled again, Corona's ability held", RollRules.of(kept=["miss"]), CORONA),
    ):
        ms = _best_ms(
            lambda r=rules, c=conversion: kill_probability(every, 20, phases=6, rules=r, conversion=c),  # type: ignore[misc]
            repeat=repeat,
            cold=True,
        )
        rows.append((f"odds: best-play kill probability, 17 dice, H 20, 6 phases, cold, {name}", ms, "ms", "", None))

    from twentystrong.odds.advisor import Situation, commit_plan
    from twentystrong.odds.joint import clear_joint_cache

    nine = tuple((d, None) for d in ("Y1", "Y2", "G1", "G2", "B1", "B2", "P1", "P2", "R1"))
    for healths, how in (((5, 4, 6), "exact joint best play"), ((3, 3, 3), "three odd needs, the joint tables")):
        three = tuple(Target(h) for h in healths)

        def joint(three: tuple[Target, ...] = three) -> object:
            clear_joint_cache()
            from twentystrong.odds.advisor import chances

            chances.cache_clear()
            answer = chances(Situation(nine, three, 3, "commit")).all
            assert answer is not None and answer.exact
            return answer

        ms = _best_ms(joint, repeat=max(1, repeat // 3), cold=True)
        label = f"odds: all of 3 enemies (H {', '.join(map(str, healths))}), 9 dice, 3 phases, {how}, cold"
        rows.append((label, ms, "ms", "", None))

    pool = tuple(d for d in every.die_ids() if d != "B1")
    plan_situation = Situation((("B1", None),), (Target(7),), 3, "commit", resources=Resources((CORONA,)))

    def plan() -> object:
        commit_plan.cache_clear()
        return commit_plan(plan_situation, pool, 0.9)

    kill_probability(every, 7, phases=3, conversion=CORONA)  # the table built: the plan's cost is its search
    ms = _best_ms(plan, repeat=repeat, cold=False)
    rows.append(("odds: commit plan, 1 enemy, 16 pool dice, Corona's ability, 90%", ms, "ms", "", None))

    rows += _advice_rows(repeat)

    targets = [Target(12), Target(8, model=PLAIN.with_crits_dealing(0))]
    samples = 2_000 if quick else 10_000
    ms = _best_ms(lambda: targets_odds(every, targets, phases=3, samples=samples), repeat=1, cold=True)
    rows.append((f"odds: two targets, 17 dice, 3 phases, Monte Carlo {samples:,} games", ms, "ms", "", None))
    rows += _engine_advice_rows(repeat)
    return rows


def _cold() -> None:
    """Forget every cached table and answer of the odds (every ``lru_cache`` of the odds modules too)."""
    import importlib

    from twentystrong.odds.joint import clear_joint_cache

    clear_cache()
    clear_joint_cache()
    for name in ("advisor", "forced", "joint", "plans", "rerolls", "simulate", "single", "targets", "two"):
        module = importlib.import_module(f"twentystrong.odds.{name}")
        for value in vars(module).values():
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()


BATTLE_FURY = Boost("Battle Fury", "battle-fury", (PLAIN.with_bonus(list(COLORS)),))
"""A boost of the resource rows: every die deals 1 more this round (a Victorum Tactic)."""


def _panel_questions() -> list[tuple[str, OddsQuestion]]:
    """Questions the odds panel asks about one enemy with one resource held: before a roll (with the commit plan
    over the pool) and after one, a face change or a boost, the printed rules, misses kept or forced rerolls."""
    every = DiceCounts.all().die_ids()
    committed = ("B1", "P1", "P2", "R1")
    pool = tuple(d for d in every if d not in committed)
    shown: tuple[tuple[str, Face], ...] = (
        ("Y1", "miss"),
        ("G1", "hit"),
        ("B1", "crit"),
        ("B2", "miss"),
        ("P1", "hit"),
        ("R1", "miss"),
    )
    questions: list[tuple[str, OddsQuestion]] = []
    for held_name, held in (("Corona's ability", Resources((CORONA,))), ("Battle Fury", Resources((), (BATTLE_FURY,)))):
        for rules_name, rules in (
            ("", RollRules()),
            (", misses kept", RollRules.of(kept=["miss"])),
            (", a hit rolled again for each miss", RollRules.of(forced_rerolls=True)),
        ):
            target = Target(9, 2)
            commit = OddsQuestion(
                stage="commit",
                dice=committed,
                faces=tuple((d, None) for d in committed),
                phases=3,
                enemies=(EnemyQuestion("t", "T", 1, target),),
                rules=rules,
                resources=held,
                pool=pool,
            )
            questions.append(
                (f"before a roll, H 9 (2 on it), 4 dice + 13 in the pool, {held_name}{rules_name}", commit)
            )
            apply = OddsQuestion(
                stage="apply",
                dice=tuple(d for d, _ in shown),
                faces=shown,
                phases=2,
                enemies=(EnemyQuestion("t", "T", 1, target, rolled=shown),),
                rules=rules,
                resources=held,
            )
            questions.append((f"after a roll of 6 dice, H 9 (2 on it), {held_name}{rules_name}", apply))
            if not rules_name:
                # The dice a later phase may commit, counted (each set of the dice showing weighed with them).
                later = apply._replace(later=tuple(d for d in every if d not in dict(shown)))
                label = f"after a roll of 6 dice, H 9 (2 on it), 11 pool dice to commit next phase, {held_name}"
                questions.append((label, later))
    return questions


def _advice_rows(repeat: int) -> list[Row]:
    """The one advisor's answers as the odds panel asks them (issue 26), cold: each question about one enemy with
    one resource held within 50 ms; two targets over 17 dice, exact, within 300 ms (even needs, and two odd needs:
    each pools into one target, :func:`~twentystrong.odds.joint.pooled`)."""
    from twentystrong.odds.advice import chances_for
    from twentystrong.odds.advisor import Situation, chances

    rows: list[Row] = []
    kill_probability(DiceCounts.all(), 20, phases=6)  # numpy imported, outside the timings
    for name, question in _panel_questions():
        answers: list[bool] = []

        def answer(q: OddsQuestion = question, answers: list[bool] = answers) -> object:
            _cold()
            found = chances_for(q)
            answers.append(_all_exact(found))
            return found

        ms = _best_ms(answer, repeat=max(1, repeat // 2), cold=True)
        exact = all(answers)
        note = "" if exact else " (NOT EXACT: simulated)"
        rows.append((f"odds: panel question, 1 enemy, {name}, cold{note}", ms, "ms", "≤ 50", exact and ms <= 50))
    opening = _opening_question()

    def first(q: OddsQuestion = opening) -> object:
        _cold()
        return chances_for(q)

    ms = _best_ms(first, repeat=max(1, repeat // 2), cold=True)
    label = "odds: panel question, 2 enemies (H 5, 4; purple reaches one only), 17 pool dice, Corona's ability, cold"
    rows.append((label, ms, "ms", "≤ 300", ms <= 300))
    dice = tuple((d, None) for d in DiceCounts.all().die_ids())
    for healths, kind, other in (
        ((12, 8), "", PLAIN),
        ((11, 9), ", both needs odd", PLAIN),
        ((12, 8), ", purple reaches one only", PLAIN.without_applying(["purple"])),
    ):
        two = Situation(dice, (Target(healths[0]), Target(healths[1], model=other)), 3, "commit")
        label = f"odds: two targets (H {healths[0]}, {healths[1]}){kind}, 17 dice, 3 phases, exact, cold"
        rows.append(_exact_row(label, lambda two=two: chances(two).all, max(1, repeat // 3)))  # type: ignore[misc]
    rows += _last_roll_rows(repeat)
    rows += _simulated_rows(max(1, repeat // 3))
    return rows


def _simulated_rows(repeat: int) -> list[Row]:
    """Two enemies over 17 dice with two or three rolls left, purple reaching one only: beyond the exact tables (no
    exact method within the floor is known: :mod:`twentystrong.odds.two`), so simulated (``≈``), within 300 ms cold
    (:data:`~twentystrong.odds.advisor.WORK`)."""
    from twentystrong.odds.advisor import Situation, chances

    every = tuple((d, None) for d in DiceCounts.all().die_ids())
    two = (Target(12), Target(8, model=PLAIN.without_applying(["purple"])))
    rows: list[Row] = []
    for phases in (2, 3):
        found: list[Chance | None] = []

        def answer(phases: int = phases, found: list[Chance | None] = found) -> object:
            _cold()
            chance = chances(Situation(every, two, phases, "commit")).all
            found.append(chance)
            return chance

        ms = _best_ms(answer, repeat=repeat, cold=True)
        last = found[-1]
        said = f" ({last.words()})" if last is not None else ""
        label = f"odds: two targets (H 12, 8), purple reaches one only, 17 dice, {phases} phases, simulated{said}, cold"
        rows.append((label, ms, "ms", "≤ 300", ms <= 300))
    return rows


def _exact_row(label: str, question: Callable[[], Chance | None], repeat: int) -> Row:
    """A question about two targets timed cold: within 300 ms, and exact (else the label says it is simulated)."""
    found: list[bool] = []

    def answer() -> object:
        _cold()
        chance = question()
        found.append(chance is not None and chance.exact)
        return chance

    ms = _best_ms(answer, repeat=repeat, cold=True)
    exact = all(found)
    note = "" if exact else " (NOT EXACT: simulated)"
    return (f"{label}{note}", ms, "ms", "≤ 300", exact and ms <= 300)


def _last_roll_rows(repeat: int) -> list[Row]:
    """Two enemies, purple reaching one only, all 17 dice, at most one roll left (:mod:`twentystrong.odds.two`):
    the chance before the last roll, and the advice after a roll with one roll or none to follow."""
    from twentystrong.odds.advisor import Situation, advise, chances

    every = DiceCounts.all().die_ids()
    two = (Target(12), Target(8, model=PLAIN.without_applying(["purple"])))
    shown: tuple[tuple[str, Face | None], ...] = tuple(
        (d, ("hit", "miss", "crit", "hit", "miss", "hit")[i % 6]) for i, d in enumerate(every)
    )
    questions: list[tuple[str, Callable[[], Chance | None]]] = [
        ("the last roll", lambda: chances(Situation(tuple((d, None) for d in every), two, 1, "commit")).all),
        ("advice after a roll, one roll to follow", lambda: advise(Situation(shown, two, 1, "apply")).probability),
        ("advice after the last roll", lambda: advise(Situation(shown, two, 0, "apply")).probability),
    ]
    label = "odds: two targets (H 12, 8), purple reaches one only, 17 dice, {}, exact, cold"
    return [_exact_row(label.format(name), question, max(1, repeat // 2)) for name, question in questions]


def _all_exact(answer: OddsChances) -> bool:
    """Whether every figure of a panel's answer is exact (no ``≈``): the chances, the advice's, the plan's."""
    found: list[Chance | None] = [*answer.each, answer.all, answer.bare, *answer.plan_bare]
    if answer.advice is not None:
        found.append(answer.advice.probability)
    if answer.plan is not None:
        found += [pick.chance for pick in (*answer.plan.each, answer.plan.all) if pick is not None]
    return all(chance.exact for chance in found if chance is not None)


def _opening_question() -> OddsQuestion:
    """The seed-3 game's first question (issue 27's slowest keys waited for it): before the first roll, nothing
    committed, all 17 dice in the pool, Corona's ability held, two enemies whose damage differs (the second takes
    nothing from purple, and the first falls only once the other has)."""
    every = DiceCounts.all().die_ids()
    serpent = Target(4, model=PLAIN.without_applying(["purple"]))
    return OddsQuestion(
        stage="commit",
        dice=(),
        faces=(),
        phases=3,
        enemies=(
            EnemyQuestion(
                "brood-guardian",
                "Brood Guardian",
                1,
                Target(5),
                blocked="Brood Guardian cannot be defeated while another enemy is undefeated.",
                damage=2,
                waits_for_others=True,
            ),
            EnemyQuestion("rille-serpent", "Rille Serpent", 2, serpent, damage=1),
        ),
        resources=Resources((CORONA,)),
        pool=every,
    )


def _engine_advice_rows(repeat: int) -> list[Row]:
    """Issue 26: the advice with a single-use boost held (the move with it and the move without it), and the
    engine's check of what the dice showing do now on positions of real games (a boss fight of four enemies with
    eight dice showing a hit or a crit; a fight where Battle Fury defeats the enemy)."""
    from twentystrong.odds.advisor import Situation, advise
    from twentystrong.odds.engine_plan import search
    from twentystrong.odds.rules import Boost

    fury = Boost("Battle Fury", "battle-fury", (PLAIN.with_bonus(["yellow", "green", "blue", "purple", "red"]),))
    shown: tuple[tuple[str, Face | None], ...] = (
        ("G1", "hit"),
        ("B1", "crit"),
        ("B2", "hit"),
        ("P1", "hit"),
        ("P2", "miss"),
        ("R1", "hit"),
    )
    held = Situation(shown, (Target(12),), 2, "apply", resources=Resources(boosts=(fury,)))

    def boosted() -> object:
        advise.cache_clear()
        return advise(held)

    rows: list[Row] = []
    ms = _best_ms(boosted, repeat=repeat, cold=True)
    rows.append(("odds: advice after a roll, 1 enemy, 6 dice, Battle Fury held, cold", ms, "ms", "≤ 50", ms <= 50))
    for label, position in (
        ("boss fight, 4 enemies, 8 dice showing", ("solar-sentinels", "parallax", 11, 272)),
        ("Battle Fury defeats the enemy", ("hoplomachus-victorum", "varro", 5, 130)),
    ):
        state = _position(*position)
        # A copy without the state's memo each time: the legal commands worked out again, as for a new position.
        ms = _best_ms(lambda state=state: search(state.changed({})), repeat=repeat, cold=False)  # type: ignore[misc]
        rows.append((f"odds: engine check of the dice showing, {label}", ms, "ms", "≤ 50", ms <= 50))
    return rows


def _position(deck_id: str, hero: str, seed: int, commands: int) -> GameState:
    """The state after ``commands`` commands of the heuristic bot (seeded) from a new game at difficulty 0."""
    from twentystrong.bots import make_bot
    from twentystrong.content.loader import load_shipped
    from twentystrong.engine import Rejected, SetupOptions, decide_and_apply, initial_state
    from twentystrong.engine.legal import legal_commands
    from twentystrong.engine.view import player_view

    deck = load_shipped(deck_id)
    s = initial_state(deck, SetupOptions(deck.id, hero, seed))
    bot = make_bot("heuristic", seed)
    for _ in range(commands):
        out = decide_and_apply(s, bot.choose(player_view(s), legal_commands(s)))
        if isinstance(out, Rejected):
            break
        s = out[1]
    return s
