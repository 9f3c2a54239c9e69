"""The odds panel's advice held against the engine itself (issue 26): every Apply-step position of seeded heuristic and
random bot games of both decks, including after partial applies, walked through the panel's own call path
(``question_for`` → ``chances_for`` → ``advice_line``), the answer judged by :mod:`tests.advice_oracle` (every set of
legal applies, and each legal use first, played on copies of the state).

The kinds of wrong advice (the issue's numbering):

1. a boss's fall wins the game and some dice showing make it fall, but the advice does not;
2. dice for a later enemy dropped because an earlier defeat opened a prompt;
3. a resource used when the dice alone do as well (every enemy falls, or, no roll left, the same ones);
4. no set of dice showing wins, a use and some dice do, and the advice does not;
5. a sure defeat now deferred for nothing (every enemy could fall and does not; or nothing falls while something
   could and the advice says 100% or "not enough");
6. dice on an enemy that cannot fall this round (its chance with every die on it is 0) while another that could fall
   now stands;
7. dice the rules refuse in the plan (the engine does not take them);
8. "cannot defeat" said while some play defeats an enemy.

And the issue's "Done when" properties by themselves (P1–P3), P3 with rolls left too: a single-use item held for the
last roll must still win there with every die left showing a miss, and one used while a roll is left and the dice
alone may do must not (held, the same commands without it, then that last roll), both as the engine plays them.
Positions whose plays pass the oracle's budget are counted apart ("beyond the budget") and judged on P2 only.

The default run is small (a few seeds and heroes of each deck); ``TWENTYSTRONG_ADVICE_SCAN=full`` walks 6 heroes ×
seeds 1–12 of both decks and both bots (``python tests/test_odds_advice_scan.py`` prints the counts per kind).
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from advice_oracle import (  # noqa: E402
    Oracle,
    Outcome,
    TooBig,
    apply_positions,
    oracle,
    settle_prompts,
    view_of,
)

from twentystrong.engine import Rejected, decide_and_apply  # noqa: E402
from twentystrong.engine.commands import Command  # noqa: E402
from twentystrong.engine.legal import legal_commands  # noqa: E402
from twentystrong.engine.state import GameState  # noqa: E402
from twentystrong.odds.advisor import advise  # noqa: E402
from twentystrong.odds.rules import NO_RESOURCES  # noqa: E402
from twentystrong.tui.widgets.odds import _use_command, advice_line, chances_for, question_for  # noqa: E402

DECKS = {
    "solar-sentinels": ("corona", "umbra", "parallax", "perigee", "flare", "nightside"),
    "hoplomachus-victorum": ("varro", "ilsa", "nkiru", "castor", "melia", "oduya"),
}


def replay(s: GameState, advice, enemies) -> tuple[GameState, int, int]:  # noqa: ANN001
    """The raw advice played on the engine, prompts answered between applies: the state after, the dice played, the
    dice the engine refused."""
    for use in advice.uses:
        command = _use_command(s, use)
        out = decide_and_apply(s, command) if command is not None else None
        if out is None or isinstance(out, Rejected):
            continue
        settled = settle_prompts(out[1])
        if settled is not None:
            s = settled
    played = refused = 0
    for t, dice in advice.moves:
        for die in dice:
            command = Command("apply", die=die, card=enemies[t].card)
            out = decide_and_apply(s, command) if command in legal_commands(s) else None
            if out is None or isinstance(out, Rejected):
                refused += 1
                continue
            played += 1
            settled = settle_prompts(out[1])
            s = settled if settled is not None else out[1]
    return s, played, refused


def replay_said(s: GameState, panel) -> tuple[list[str], int, int]:  # noqa: ANN001
    """The panel's own commands played in order (prompts answered): the cards they defeat, the dice played, the
    commands the engine refused."""
    standing = [c.id for c in s.active if not c.defeated]
    played = refused = 0
    for command in panel.commands:
        if s.prompt is not None and command.cmd == "apply":
            settled = settle_prompts(s)
            s = settled if settled is not None else s
        out = decide_and_apply(s, command) if command in legal_commands(s) else None
        if out is None or isinstance(out, Rejected):
            refused += 1
            continue
        played += command.cmd == "apply"
        s = out[1]
    if s.result == "won":
        return [c for c in panel.defeats], played, refused
    left = {c.id for c in s.active if not c.defeated}
    return [c for c in standing if c not in left], played, refused


def holds_at_the_last_roll(s: GameState, commands: tuple[Command, ...] | list[Command]) -> bool:
    """The advice's commands played, then the last roll with every die left showing a miss (the worst the dice can
    do): some legal use and applies still defeat every enemy (or win), as the engine plays them."""
    for command in commands:
        out = decide_and_apply(s, command) if command in legal_commands(s) else None
        if out is None or isinstance(out, Rejected):
            return False
        s = out[1]
    settled = settle_prompts(s)
    if settled is None:
        return False
    if settled.result == "won" or not any(not c.defeated for c in settled.active):
        return True
    dice = tuple(replace(d, face="miss") if d.zone == "active" and d.card is None else d for d in settled.dice)
    last = settled.changed({"phases_used": settled.hero.strategy, "dice": dice})
    try:
        return oracle(last, 20_000).resourced_all()
    except TooBig:
        return True  # beyond the oracle's budget: not judged


def alone_after(s: GameState, commands: list[Command]) -> float:
    """The chance that the dice left, rolled again in the phases left, defeat what the advice plays for, spending
    nothing, once ``commands`` are played (the advisor's figure)."""
    from twentystrong.odds.advisor import chances

    for command in commands:
        out = decide_and_apply(s, command) if command in legal_commands(s) else None
        if out is None or isinstance(out, Rejected):
            return 0.0
        s = out[1]
    settled = settle_prompts(s)
    if settled is None:
        return 0.0
    if settled.result == "won" or not any(not c.defeated for c in settled.active):
        return 1.0
    question = question_for(view_of(settled))
    if question is None or question.phases == 0:
        return 0.0
    situation = question.objective()
    rolled = tuple((d, f if situation.rules.keeps(f) else None) for d, f in situation.dice)
    found = chances(replace(situation, stage="commit", dice=rolled, resources=NO_RESOURCES))
    winner = question.winner()
    if winner is not None:
        return found.each[winner].value
    return found.each[0].value if found.all is None else found.all.value


def _single(command: Command) -> bool:
    """A single-use item's or Tactic's use (not a once-per-round effect's)."""
    return command.cmd == "use_item" and command.effect is None


def _asked(s: GameState):  # noqa: ANN202 - (GameView, OddsQuestion, OddsChances)
    """The panel's question at this Apply step and its answer, or None when it has no advice to give."""
    view = view_of(s)
    question = question_for(view)
    if question is None or not question.dice or question.stage != "apply":
        return None
    chances = chances_for(question)
    if chances.advice is None:
        return None
    return view, question, chances


def judge(s: GameState, budget: int = 4000) -> tuple[list[int | str], str] | None:
    """The kinds of wrong advice at this position (empty: right), and the panel's line; None when the panel says
    nothing or the position is beyond the oracle's budget."""
    asked = _asked(s)
    if asked is None:
        return None
    view, question, chances = asked
    try:
        found: Oracle = oracle(s, budget)
    except TooBig:
        return None
    panel, words, tail = advice_line(view, question, chances)
    line = words + tail
    enemies = found.enemies
    defeats = set(panel.defeats)
    everyone = defeats >= set(enemies)
    bosses = {b.id for b in s.deck.bosses} if hasattr(s.deck, "bosses") else set()
    kinds: list[int | str] = []
    if bosses & set(enemies) and any(o.won for o in found.plain) and not everyone:
        kinds.append(1)
    shown = sum(len(d) for _, d in panel.moves)
    _, played, refused = replay(s, chances.advice, question.enemies)
    if not panel.engine and not everyone and played > shown:
        kinds.append(2)  # the tables' plan said with dice left out that the engine takes once the prompt is answered
    said, _, refused_said = replay_said(s, panel)
    # The panel's own commands are a play the engine took: the oracle walks the dice in one order only, and a defeat
    # can change what later dice do, so a sweep the panel's commands make counts as one the oracle found.
    if panel.commands and not refused_said and set(said) >= set(enemies):
        sweep = Outcome(tuple(panel.commands), frozenset(said), s.result == "won", bool(panel.uses))
        (found.resourced if panel.uses else found.plain).append(sweep)
    if refused_said or (refused and not panel.engine and panel.figure):
        kinds.append(7)
    if panel.commands and set(said) != set(panel.defeats) and not any(o.won for o in found.plain):
        kinds.append(7)  # the commands it names, played in order, do not defeat what it says
    if panel.uses and (found.plain_all() or (question.phases == 0 and any(o.defeated >= defeats for o in found.plain))):
        kinds.append(3)
    # Against enemies that deal nothing, a single-use item is kept while a roll is left and the dice alone may still
    # do (issue 26: it is spent exactly when it turns a loss this round into a defeat; standing costs nothing).
    single = [c for c in panel.commands if _single(c)]
    objective = question.objective()
    harmless = all(e.damage == 0 for e in question.enemies)
    waits = (
        harmless and question.phases > 0 and advise(replace(objective, resources=NO_RESOURCES)).probability.value > 0
    )
    sweeps = [o for o in found.resourced if o.won or len(o.defeated) == len(enemies)]
    # A single-use item held while a roll is left, counted in the figure (it still wins at the last roll): named, not
    # ignored (checked below against the engine at the last roll).
    holds = (*chances.advice.held, *panel.holds)
    held = bool(holds) and question.phases > 0 and all(f" {n}" in tail for n in holds)
    kept_back = (waits or held) and all(_single(o.commands[0]) for o in sweeps)
    if not found.plain_all() and found.resourced_all() and not (panel.uses and everyone) and not kept_back:
        kinds.append(4)
    if single and waits:
        kinds.append(3)
    if 1 not in kinds and found.plain_all() and not everyone:
        kinds.append(5)
    elif found.plain_any() and not defeats and ("not enough" in tail or chances.advice.probability.value >= 1):
        kinds.append(5)
    elif found.plain_any() and not defeats and chances.advice.probability.value <= 1e-9:
        kinds.append(5)  # nothing falls now though something could, and waiting gives no chance that all fall
    # No die showing defeats anything, no play makes every enemy fall, a once-per-round effect defeats some now
    # (or a single-use one on the last roll), and the advice does nothing with it.
    lone = [o for o in found.resourced if o.defeated and (question.phases == 0 or not _single(o.commands[0]))]
    if (
        lone
        and question.winner() is None
        and not found.plain_any()
        and not defeats
        and chances.advice.probability.value <= 1e-9
    ):
        kinds.append(4)
    on = {card for card, _ in panel.moves}
    out_of_reach = {e.card for e, c in zip(question.enemies, chances.each, strict=True) if c.value == 0}
    if any(c not in defeats and c in out_of_reach for c in on) and any(
        found.falls(c) and c not in defeats for c in enemies
    ):
        kinds.append(6)
    if "cannot defeat" in words and (found.plain_any() or (found.any_defeat() and " can defeat " not in words)):
        kinds.append(8)
    # The "Done when" properties, each by itself.
    alone = len(enemies) == 1
    if alone and found.plain_any() and (panel.uses or not everyone):
        kinds.append("P1: some dice showing defeat the only enemy; the advice must defeat it and spend nothing")
    if panel.commands and (refused_said or (set(said) != set(panel.defeats) and not any(o.won for o in found.plain))):
        kinds.append("P2: the commands named, played in order, must be legal and defeat what the advice says")
    if holds and not holds_at_the_last_roll(s, panel.commands):
        kinds.append("P3: a single-use item held for the last roll must still win there, whatever the dice show")
    if single and question.phases > 0:
        # Used while a roll is left: only where, held, it would not win at the last roll (the same commands without
        # it, then the last roll with every die left showing a miss) or the dice left alone have no chance then.
        rest = [c for c in panel.commands if not _single(c)]
        if holds_at_the_last_roll(s, rest) and alone_after(s, rest) > 0:
            kinds.append("P3: a single-use item used while a roll is left, though held it still wins at the last roll")
    if alone and question.phases == 0:
        turns = not found.plain_any() and any(o.defeated for o in found.resourced)
        if bool(panel.uses) != turns or (turns and not everyone):
            kinds.append("P3: no roll left: a use exactly when it turns a loss into a defeat")
    return kinds, line


def commands_only(s: GameState) -> tuple[list[int | str], str] | None:
    """Where the oracle's budget is passed: the commands the panel names are legal and, played in order, defeat what
    it says (P2), as the engine plays them; None when the panel says nothing."""
    asked = _asked(s)
    if asked is None:
        return None
    view, question, chances = asked
    panel, words, tail = advice_line(view, question, chances)
    said, _, refused = replay_said(s, panel)
    kinds: list[int | str] = []
    if panel.commands and (refused or set(said) != set(panel.defeats)):
        kinds.append("P2: the commands named, played in order, must be legal and defeat what the advice says")
    return kinds, words + tail


def scan(games: list[tuple[str, str, int, str]], budget: int = 4000) -> tuple[Counter[int | str], int, int, list[str]]:
    counts: Counter[int | str] = Counter()
    positions = skipped = 0
    examples: list[str] = []
    for deck, hero, seed, bot in games:
        for n, s in apply_positions(deck, hero, seed, bot):
            verdict = judge(s, budget)
            if verdict is None:
                skipped += 1
                verdict = commands_only(s)  # beyond the oracle's budget: the commands named are still checked
                if verdict is None:
                    continue
            positions += 1
            kinds, line = verdict
            for kind in kinds:
                counts[kind] += 1
                if len(examples) < 60:
                    examples.append(f"kind {kind}: {deck} {hero} s{seed} {bot} #{n}: {line}")
    return counts, positions, skipped, examples


def games_of(full: bool) -> list[tuple[str, str, int, str]]:
    if full:
        return [
            (deck, hero, seed, bot)
            for deck, heroes in DECKS.items()
            for hero in heroes
            for seed in range(1, 13)
            for bot in ("heuristic", "random")
        ]
    return [
        ("solar-sentinels", "corona", 4, "heuristic"),
        ("solar-sentinels", "flare", 6, "random"),
        ("hoplomachus-victorum", "castor", 11, "heuristic"),
        ("hoplomachus-victorum", "varro", 5, "random"),
    ]


@pytest.mark.parametrize("game", games_of(os.environ.get("TWENTYSTRONG_ADVICE_SCAN") == "full"), ids=str)
def test_no_wrong_advice(game: tuple[str, str, int, str]) -> None:
    counts, positions, _, examples = scan([game])
    assert positions > 0
    assert not counts, "\n".join(examples)


if __name__ == "__main__":
    import time

    full = "--full" in sys.argv or os.environ.get("TWENTYSTRONG_ADVICE_SCAN") == "full"
    chosen = games_of(full)
    if "--deck" in sys.argv:
        chosen = [g for g in chosen if g[0] == sys.argv[sys.argv.index("--deck") + 1]]
    if "--bot" in sys.argv:
        chosen = [g for g in chosen if g[3] == sys.argv[sys.argv.index("--bot") + 1]]
    for deck in DECKS:
        started = time.perf_counter()
        counts, positions, skipped, examples = scan([g for g in chosen if g[0] == deck])
        print("\n".join(examples))
        print(f"{deck}: positions {positions}, beyond the budget {skipped}, {time.perf_counter() - started:.0f}s")
        print(f"{deck}: per kind:", dict(sorted(counts.items(), key=str)), flush=True)
