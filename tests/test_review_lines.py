"""The review weighs a fight's dice too (issue 30, the play-tester's blind spot): a Commit, Apply or Recover step is
one decision, a line of commands weighed against the expert's alternatives for it; a reward, an item or an ability
played inside a fight's step is a decision of its own. A thrown decision of each kind is flagged by the real expert
in a position built to throw the game; the lines are grouped as a player thinks of them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import pytest
from record_helpers import PLAIN, plain
from review_helpers import Lines

from twentystrong.bots import make_bot
from twentystrong.engine.commands import Command, Rejected
from twentystrong.engine.decide import decide_and_apply
from twentystrong.engine.legal import legal_commands
from twentystrong.engine.state import GameState, SetupOptions
from twentystrong.engine.view import player_view
from twentystrong.review.expert import ExpertEvaluator
from twentystrong.review.review import (
    DICE,
    GROUPED,
    Decision,
    Review,
    Span,
    alternatives,
    decision_spans,
    own_line,
    played_line,
    review_history,
    weigh,
    weigh_line,
    weighed_options,
)
from twentystrong.review.words import expert_words, flag_words, played_words
from twentystrong.session import Session
from twentystrong.session.history import HistoryEntry


def after(state: GameState, line: Sequence[Command]) -> GameState:
    """``state`` after ``line``'s commands (as far as they are legal)."""
    for command in line:
        if state.result is not None or command not in legal_commands(state):
            break
        out = decide_and_apply(state, command)
        assert not isinstance(out, Rejected)
        state = out[1]
    return state


def played_until(seed: int, found: Callable[[Session], bool], hero: str = "tester") -> Session:
    """A plain-deck game of the heuristic bot, stopped at the first table ``found`` accepts."""
    deck = plain()
    session = Session.new(deck, SetupOptions(deck.id, hero, seed), deck_path=PLAIN)
    bot = make_bot("heuristic", seed)
    while session.state.result is None:
        if found(session):
            return session
        session.dispatch(bot.choose(player_view(session.state), session.legal()))
    raise AssertionError(f"no such table in game {seed}")


def rolled(session: Session) -> bool:
    """Whether the table waits for the first command of an Apply step."""
    return session.state.step == "apply" and session.history[-1].command.cmd == "roll"


def ending(state: GameState, cmd: str) -> Command | None:
    return next((c for c in legal_commands(state) if c.cmd == cmd), None)


def thrown(session: Session, line: Sequence[Command]) -> tuple[list[HistoryEntry], Span]:
    """``session`` played on with ``line``; the history and the span of the line."""
    start = len(session.history)
    for command in line:
        session.dispatch(command)
    history = session.history
    spans = [s for s in decision_spans(history) if s.line and s.start == start]
    assert spans, "the line is one decision"
    return history, spans[0]


def weighed(history: list[HistoryEntry], span: Span) -> Decision:
    return weigh_line(history[span.start - 1].state_after, alternatives(history, span), span, ExpertEvaluator(), 8)


# --- the decisions, grouped ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def game() -> Session:
    """A plain-deck game the heuristic bot won."""
    deck = plain()
    session = Session.new(deck, SetupOptions(deck.id, "tester", 2), deck_path=PLAIN)
    bot = make_bot("heuristic", 2)
    while session.state.result is None:
        session.dispatch(bot.choose(player_view(session.state), session.legal()))
    return session


def test_every_command_of_the_player_is_in_one_decision_a_fights_dice_a_step_at_a_time(game: Session) -> None:
    """Each dice command of a fight's step lies in the line of its step (from its first command to the one that
    ends the step: the roll, rolling again, resolving); every other command chosen among two or more is a decision
    of its own, also inside a fight's step; a forced command outside a line is none."""
    history = game.history
    spans = decision_spans(history)
    covered: dict[int, list[Span]] = {}
    for span in spans:
        for step in range(span.start, span.step + 1):
            covered.setdefault(step, []).append(span)
    kinds = set()
    for step in range(1, len(history)):
        before = history[step - 1].state_after
        command = history[step].command
        inside = covered.get(step, [])
        if before.step in GROUPED:
            lines = [s for s in inside if s.line]
            assert len(lines) == 1, step  # in exactly one step's line
            line = lines[0]
            first = history[line.start - 1].state_after
            assert (first.step, first.round) == (before.step, before.round)
            kinds.add(before.step)
            if command.cmd not in DICE and len(legal_commands(before)) > 1:
                assert Span(step, step, False) in inside  # a reward, an item: its own decision too
        elif len(legal_commands(before)) > 1:
            assert inside == [Span(step, step, False)]
        else:
            assert not inside
    assert kinds == {"commit", "apply", "recover"}
    for span in spans:
        if span.line:
            closing = history[span.step].state_after
            opening = history[span.start - 1].state_after
            assert closing.result is not None or (closing.step, closing.round) != (opening.step, opening.round)
            if opening.step == "commit":
                assert played_line(history, span)[-1].cmd == "roll"
            if opening.step == "apply":
                assert played_line(history, span)[-1].cmd in ("repeat", "resolve") or closing.result is not None
    assert spans == sorted(spans, key=lambda s: (s.start, s.step))  # in the order they began
    assert len({(s.start, s.step) for s in spans}) == len(spans)


def test_a_steps_alternatives_are_the_experts_own_line_and_the_played_one_changed_where_it_matters(
    game: Session,
) -> None:
    history = game.history
    spans = [s for s in decision_spans(history) if s.line]
    for span in spans[:40]:
        options = alternatives(history, span)
        line = played_line(history, span)
        before = history[span.start - 1].state_after
        assert options[0] == line and len(set(options)) == len(options)
        assert own_line(before) in options or own_line(before) == line
        if before.step == "commit":
            commits = [c for c in line if c.cmd == "commit"]
            for other in options[1:]:
                if other != own_line(before):
                    # one die fewer or one more, the roll last
                    assert other[-1].cmd == "roll"
                    assert abs(sum(c.cmd == "commit" for c in other) - len(commits)) == 1
        if before.step == "apply" and line[-1].cmd in ("repeat", "resolve"):
            swapped = {"repeat": "resolve", "resolve": "repeat"}[line[-1].cmd]
            last = history[span.step - 1].state_after
            if ending(last, swapped) is not None:
                assert (*line[:-1], ending(last, swapped)) in options


def test_the_words_of_a_line(game: Session) -> None:
    history = game.history
    review = review_history(history[:40], Lines())
    commits = [d for d in review.decisions if d.line and d.line[-1].cmd == "roll"]
    applies = [d for d in review.decisions if d.line and d.line[-1].cmd in ("repeat", "resolve")]
    assert commits and applies
    d = commits[0]
    dice = [c.die for c in d.line if c.cmd == "commit"]
    assert played_words(d, history) == f"You commit {', '.join(dice)} and roll."
    words = played_words(applies[0], history)
    assert words.startswith("You apply ") and (words.endswith(", then resolve.") or "then roll again." in words)


# --- a thrown decision of each kind is flagged by the expert --------------------------------------------------------


def test_resolving_with_dice_unapplied_that_would_have_won_is_flagged() -> None:
    """An Apply step where the rolled dice defeat the boss (the expert's own line wins at once) and resolving now
    kills the hero: the player resolves at once."""

    def table(session: Session) -> bool:
        if not rolled(session):
            return False
        resolve = ending(session.state, "resolve")
        return (
            resolve is not None
            and after(session.state, [resolve]).result == "lost"
            and (after(session.state, own_line(session.state)).result == "won")
        )

    session = played_until(5, table)
    resolve = ending(session.state, "resolve")
    assert resolve is not None
    history, span = thrown(session, [resolve])
    d = weighed(history, span)
    assert d.flagged(15) and d.after == 0.0 and d.before == 1.0
    assert d.expert_line and any(c.cmd == "apply" for c in d.expert_line)
    words = flag_words(d, history)
    assert words.startswith("You apply no die, then resolve: that cost about 100 points")
    assert "The expert would rather: You apply " in words


def test_resolving_instead_of_rolling_again_is_flagged() -> None:
    """The player applies the dice the expert would, then resolves, and the cards left kill the hero; rolling again
    was allowed (the expert's own line)."""

    def table(session: Session) -> bool:
        if not rolled(session):
            return False
        own = own_line(session.state)
        resolve = ending(after(session.state, own[:-1]), "resolve")
        return (
            own[-1].cmd == "repeat"
            and resolve is not None
            and after(session.state, (*own[:-1], resolve)).result == "lost"
        )

    session = played_until(5, table)
    own = own_line(session.state)
    resolve = ending(after(session.state, own[:-1]), "resolve")
    assert resolve is not None
    history, span = thrown(session, (*own[:-1], resolve))
    d = weighed(history, span)
    assert d.flagged(15) and d.after == 0.0
    assert d.expert_line == own  # the same dice applied, then rolling again
    assert expert_words(d, history).endswith("then roll again.")


def test_rolling_no_dice_in_the_last_strategy_phase_with_a_lethal_table_is_flagged() -> None:
    """A Commit step built to throw: the engagement's last Strategy phase, the cards' damage enough to kill the
    hero; the player rolls without committing a die (nothing to apply, and no phase left to roll again)."""

    def table(session: Session) -> bool:
        s = session.state
        return (
            s.round >= 12
            and s.step == "commit"
            and session.history[-1].command.cmd != "commit"
            and any(c.cmd == "roll" for c in session.legal())
        )

    session = played_until(5, table)
    s = session.state
    # Health 1: any undefeated card kills at Resolve; the last phase (R4): no rolling again.
    built = s.changed({"hero": replace(s.hero, health=1), "phases_used": s.hero.strategy})
    roll = ending(built, "roll")
    assert roll is not None
    rolled_state = after(built, [roll])
    assert ending(rolled_state, "repeat") is None
    assert after(rolled_state, [ending(rolled_state, "resolve")]).result == "lost"  # type: ignore[list-item]
    last = session.history[-1]._replace(state_after=built)
    session = Session(session.deck, session.options, [*session.history[:-1], last])
    history, span = thrown(session, [roll])
    d = weighed(history, span)
    assert d.flagged(15) and d.expert_line and sum(c.cmd == "commit" for c in d.expert_line) >= 1
    assert played_words(d, history) == "You roll."
    assert expert_words(d, history).startswith("You commit ")


# --- a reward, an item, an ability inside a fight's step: a decision of its own ------------------------------------


def test_a_reward_or_an_ability_inside_an_apply_step_is_weighed_against_going_on_with_the_dice(game: Session) -> None:
    """Before, a fight's step was left unweighed whole; now a reward choice or an ability used there is weighed
    among the other commands but the dice, and the expert's own move with the dice (what not choosing now means);
    a thrown one is flagged."""
    history = game.history
    spans = decision_spans(history)
    rewards = [s for s in spans if not s.line and history[s.step].command.cmd in ("take_reward", "decline_reward")]
    assert rewards
    span = rewards[0]
    before = history[span.step - 1].state_after
    assert before.step in GROUPED
    played = history[span.step].command
    evaluator = Lines(played)
    d = weigh(before, played, None, span.step, evaluator, 8)
    assert d.weighed and d.flagged(15) and d.expert is not None and d.expert != played
    assert Decision.from_dict(d.to_dict()) == d
    inside = [s for s in spans if not s.line and history[s.step - 1].state_after.step in GROUPED]
    assert "take_reward" in {history[s.step].command.cmd for s in inside}
    for span in inside:  # each weighed among the commands but the dice, and the expert's own move with the dice
        before = history[span.step - 1].state_after
        legal = legal_commands(before)
        evaluator = Lines()
        d = weigh(before, history[span.step].command, None, span.step, evaluator, 8)
        asked = evaluator.asked[0]
        assert d.weighed and history[span.step].command in asked
        weighed = weighed_options(before, legal, history[span.step].command)  # an item discarded only for room
        assert [c for c in asked if c.cmd not in DICE] == [c for c in weighed if c.cmd not in DICE]
        assert len([c for c in asked if c.cmd in DICE]) == (1 if any(c.cmd in DICE for c in legal) else 0)


def test_a_review_with_lines_survives_its_json_form_and_flags_a_thrown_line(game: Session) -> None:
    """Every line whose last command ends an Apply step by resolving is 'thrown' for this evaluator: each is
    flagged, with the expert's line; the review's JSON form keeps the lines."""
    history = game.history[:120]
    review = review_history(history, Lines("resolve"))
    thrown_lines = [d for d in review.decisions if d.line and d.line[-1].cmd == "resolve" and len(d.line) > 1]
    assert thrown_lines and all(d.flagged(15) for d in thrown_lines)
    assert all(d.expert_line and d.expert_line[-1] == d.expert for d in thrown_lines)
    again = Review.from_dict(review.to_dict())
    assert again.decisions == review.decisions
    assert len({d.key for d in review.decisions}) == len(review.decisions)
    two = review_history(history, Lines("resolve"), workers=2)
    assert two.decisions == review.decisions
