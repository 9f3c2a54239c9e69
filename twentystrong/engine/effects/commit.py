"""Handlers of commit restrictions: colours that cannot be committed, commit limits, all-of-a-colour commits."""

from __future__ import annotations

from twentystrong.content import effects as fx
from twentystrong.content.effects import Effect
from twentystrong.engine import events as ev
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import Handler, Live, handles
from twentystrong.engine.effects.words import color_word, colors, name, sentence
from twentystrong.engine.state import DieState, GameState
from twentystrong.engine.tx import Tx
from twentystrong.i18n import _, ngettext


@handles("cannot_commit_color")
class CannotCommitColorHandler(Handler):
    """Dice of some colours cannot be committed (anywhere: commits are not aimed at a card)."""

    def commit_block(self, s: GameState, live: Live, die: DieState) -> str | None:
        assert isinstance(live.effect, fx.CannotCommitColor)
        if die.color not in live.effect.colors:
            return None
        return sentence(
            _("{color} dice cannot be committed ({card}).").format(
                color=color_word(die.color, 2), card=name(s, live.source)
            )
        )

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.CannotCommitColor)
        return sentence(_("{colors} dice cannot be committed.").format(colors=colors(effect.colors)))


@handles("commit_limit")
class CommitLimitHandler(Handler):
    """At most N dice per Strategy phase or per engagement (the state counts commits, forced ones included)."""

    def commit_limit(self, s: GameState, live: Live) -> str | None:
        assert isinstance(live.effect, fx.CommitLimit)
        used = s.committed_this_phase if live.effect.per == "phase" else s.committed_this_engagement
        if used < live.effect.count:
            return None
        e, card = live.effect, name(s, live.source)
        phase = e.per == "phase"
        if e.count == 0:
            if phase:
                return _("No dice may be committed each Strategy phase ({card}).").format(card=card)
            return _("No dice may be committed this engagement ({card}).").format(card=card)
        if phase:
            text = ngettext(
                "At most {n} die may be committed each Strategy phase ({card}).",
                "At most {n} dice may be committed each Strategy phase ({card}).",
                e.count,
            )
        else:
            text = ngettext(
                "At most {n} die may be committed this engagement ({card}).",
                "At most {n} dice may be committed this engagement ({card}).",
                e.count,
            )
        return text.format(n=e.count, card=card)

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.CommitLimit)
        if effect.per == "phase":
            if effect.count == 0:
                return _("No dice may be committed each Strategy phase.")
            text = ngettext(
                "At most {n} die may be committed each Strategy phase.",
                "At most {n} dice may be committed each Strategy phase.",
                effect.count,
            )
        else:
            if effect.count == 0:
                return _("No dice may be committed this engagement.")
            text = ngettext(
                "At most {n} die may be committed this engagement.",
                "At most {n} dice may be committed this engagement.",
                effect.count,
            )
        return text.format(n=effect.count)


@handles("commit_all_of_color")
class CommitAllOfColorHandler(Handler):
    """Committing a die commits the other pool dice of its colour too.

    The forced commits obey every other rule: a die another effect keeps in the pool (a banned colour, a commit
    limit already reached) stays there.
    """

    def after_commit(self, tx: Tx, live: Live, die: DieState) -> None:
        assert isinstance(live.effect, fx.CommitAllOfColor)
        if live.effect.colors is not None and die.color not in live.effect.colors:
            return
        for other in tx.state.dice_in("pool"):
            if other.color == die.color and hooks.commit_block(tx.state, other) is None:
                tx.emit(ev.DieMoved, die=other.id, zone="active", reason="commit")

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.CommitAllOfColor)
        if effect.colors is None:
            return _("Committing a die also commits every other die of its colour in the pool.")
        return _("Committing a {colors} die also commits every other pool die of its colour.").format(
            colors=colors(effect.colors, n=1)
        )
