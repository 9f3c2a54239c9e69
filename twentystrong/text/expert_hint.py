"""The expert's hint at the table, in words: what it would play now and why (its estimate of the chance to win, and
the next best move's), from the player's view only (:mod:`twentystrong.bots.expert`). Pure Python: the table screen
asks it in a worker thread, the tests straight."""

from __future__ import annotations

from dataclasses import dataclass

from twentystrong.bots.expert import ROLLOUTS, Estimate, choose_why
from twentystrong.engine.commands import Command
from twentystrong.engine.state import GameState
from twentystrong.engine.view import PlayerView, state_of
from twentystrong.i18n import _, ngettext
from twentystrong.i18n.numbers import ratio
from twentystrong.text.commands import describe_command


@dataclass(frozen=True)
class ExpertHint:
    """The expert's move, its estimates and the words that say them."""

    command: Command
    estimates: tuple[Estimate, ...]
    words: str


def expert_hint(table: GameState | PlayerView, *, rollouts: int = ROLLOUTS) -> ExpertHint | None:
    """What the expert would play now and why, or None when the game waits for no decision of the player."""
    s = state_of(table)
    if s.result is not None:
        return None
    command, estimates = choose_why(s, rollouts=rollouts)
    best = estimates[0]
    lines = [
        _("The expert would play: {move}").format(move=describe_command(command, s)),
        ngettext(
            "Its chance to win after it: about {chance} ({n} game played out from what you can see).",
            "Its chance to win after it: about {chance} ({n} games played out from what you can see).",
            best.rollouts,
        ).format(chance=ratio(best.win_chance), n=best.rollouts),
    ]
    if len(estimates) > 1:
        runner_up = estimates[1]
        lines.append(
            _("Next best: {move} About {chance}.").format(
                move=describe_command(runner_up.command, s), chance=ratio(runner_up.win_chance)
            )
        )
    else:
        lines.append(_("It sees no other move worth weighing."))
    return ExpertHint(command, tuple(estimates), "\n".join(lines))
