"""Hoplomachus Victorum's board: Mount Vesuvius, the pyramid of nine camps (4-3-2) with the Scion at its apex.

Each camp shows its top card (kind letter B/S/O, name, Health, Damage, +N, the Influence icon ✧), its size and the
Primus waiting under it (♛); the chip's camp is marked ◉ and framed twice, the camps a press can choose now ▶ with
their number key. A short terminal draws each camp in two lines without a frame (``d`` gives a camp in full). The
widgets only show the view and report presses (:class:`CampView.Pressed`, :class:`ScionView.Pressed`); the table
decides what a press means.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from twentystrong.engine.commands import Command
from twentystrong.engine.view import ActiveCard, PlayerView
from twentystrong.i18n import N_, SOURCE, _, language, ngettext, term
from twentystrong.kits.hoplomachus_victorum.board.camps import (
    CHOOSE,
    HERE,
    INFLUENCE,
    PRIMUS,
    CampInfo,
    ScionInfo,
    camp_infos,
    camp_numbers,
    question_of,
    rows_from_top,
    scion_info,
    vesuvius,
)
from twentystrong.kits.hoplomachus_victorum.board.panels import InfluencePanel, TacticsPanel, item_note
from twentystrong.kits.hoplomachus_victorum.board.words import card_kind, command_detail
from twentystrong.kits.hoplomachus_victorum.cards import CAMP_KIND_NAMES
from twentystrong.kits.hoplomachus_victorum.content import scion_by_id
from twentystrong.kits.hoplomachus_victorum.options import DIFFICULTY
from twentystrong.kits.hoplomachus_victorum.rules.pyramid import IDS
from twentystrong.kits.hoplomachus_victorum.rules.view import VictorumView
from twentystrong.text.cards import REWARD_ICONS
from twentystrong.tui.boards.base import Board, DiceZone, ItemNote
from twentystrong.tui.store import GameView
from twentystrong.tui.widgets.common import refresh_content, set_subtitle, set_title
from twentystrong.tui.widgets.dice import DiceTray

TRAINING_GROUNDS = N_("Training grounds")
"""The training grounds' tray title (translated where it is drawn: :meth:`VesuviusBoard.show`)."""


class CampView(Widget):
    """One camp: its number key when it can be chosen, its top card, its size and its Primus."""

    DEFAULT_CSS = """
    CampView {
        width: 25%;
        height: auto;
        min-height: 5;
        border: round $foreground 30%;
        border-title-color: $foreground 75%;
        border-subtitle-color: $foreground 60%;
        border-subtitle-align: right;
        padding: 0 1;
        text-wrap: nowrap;
        text-overflow: ellipsis;
        &.-marked { border: round $accent; border-title-color: $accent; border-title-style: bold; }
        &.-here { border: double $warning; border-title-color: $warning; border-title-style: bold; }
        &.-cursor { background: $boost; border-title-style: bold reverse; }
        &.-empty { color: $text-muted; }
        &:hover { background: $boost; }
    }
    """

    info: reactive[CampInfo] = reactive(CampInfo("", 0), layout=False)
    cursor: reactive[bool] = reactive(False)
    """The keyboard's camp cursor is here (arrows move it)."""

    class Pressed(Message):
        """The camp was clicked."""

        def __init__(self, camp: str) -> None:
            super().__init__()
            self.camp = camp

    def __init__(self, info: CampInfo) -> None:
        super().__init__(id=f"camp-{info.id}")
        self.set_reactive(CampView.info, info)
        self._classes_of(info)

    def on_mount(self) -> None:
        self._present(self.info)

    def watch_info(self, info: CampInfo) -> None:
        self._present(info)
        refresh_content(self)

    def watch_cursor(self, cursor: bool) -> None:
        self.set_class(cursor, "-cursor")
        self._present(self.info)

    def _classes_of(self, info: CampInfo) -> None:
        self.set_class(bool(info.number), "-marked", update=self.is_mounted)
        self.set_class(info.here, "-here", update=self.is_mounted)
        self.set_class(info.top is None and info.primus is None, "-empty", update=self.is_mounted)

    def _present(self, info: CampInfo) -> None:
        self._classes_of(info)
        set_title(self, Content(self.title_text(info)))
        set_subtitle(self, ngettext("{n} card", "{n} cards", info.size).format(n=info.size))
        tip = [ngettext("Camp {camp}: {n} card", "Camp {camp}: {n} cards", info.size).format(camp=info.id, n=info.size)]
        if info.top is not None:
            kind = info.kind if language() == SOURCE else str(CAMP_KIND_NAMES.get(info.kind, info.kind))
            if info.influence:
                top = _("Top: {name} ({kind}, Influence) {stats}")
            else:
                top = _("Top: {name} ({kind}) {stats}")
            tip.append(top.format(name=info.name, kind=kind, stats=info.stats))
            tip += [str(line) for line in info.lines]
        if info.primus is not None:
            tip.append(_("Primus waiting: {name} {stats}").format(name=info.primus_name, stats=info.primus_stats))
        self.tooltip = "\n".join(tip)

    def title_text(self, info: CampInfo) -> str:
        """``▶ 2 · 1-2``, ``◉ 1-2 you`` or ``1-2``: what the camp's frame says (a glyph, never colour alone)."""
        cursor = "› " if self.cursor else ""
        if info.number:
            mark = f"{HERE} " if info.here else ""
            return f"{cursor}{mark}{CHOOSE} {info.number} · {info.id}"
        if info.here:
            return cursor + _("{here} {camp} · you").format(here=HERE, camp=info.id)
        return f"{cursor}{info.id}"

    def render(self) -> Content:
        info = self.info
        short = self.has_class("-compact")
        if short:
            return self._compact(info)
        if info.top is None:
            first = Content.styled(_("no cards") if info.primus is not None else _("empty"), "$text-muted italic")
            second = Content("")
        else:
            first = self._name_line(info, self.content_size.width)
            if info.kind == "opportunity":
                second = Content.styled(f"◇ {info.goal}", "$text-muted")
            else:
                second = Content.assemble(
                    ("♥", "$error"),
                    f"{info.health} ",
                    ("⚔", "$warning"),
                    f"{info.damage}",
                    (f" +{info.additional}" if info.additional else "", "bold $accent"),
                )
        if info.primus is not None:
            third = Content.assemble((f"{PRIMUS} ", "bold $error"), f"{info.primus_stats} ", (info.primus_name, "bold"))
        elif printed := [line for line in info.lines if line.role not in ("additional", "kind")]:
            # No Primus: the top card's first line of its own (its +N is in its numbers, its kind in its letter).
            line = printed[0]
            words = f"{REWARD_ICONS[line.reward]} {line.text}" if line.reward in REWARD_ICONS else str(line)
            third = Content.styled(words.strip(), "$text-muted")
        else:
            third = Content("")
        return Content("\n").join([first, second, third])

    @staticmethod
    def _name_line(info: CampInfo, width: int = 0) -> Content:
        """``B Vineyard Executioner ✧``: the kind letter and the name, broken over two lines between its words when
        it is wider than the camp (a name is read whole, never cut)."""
        line = Content.assemble(
            (info.letter, "bold reverse"),
            " ",
            (info.name, "bold"),
            (f" {INFLUENCE}" if info.influence else "", "bold $accent"),
        )
        if not width or line.cell_length <= width or " " not in info.name:
            return line
        words = info.name.split(" ")
        cut = max(1, max((n for n in range(1, len(words)) if len(" ".join(words[:n])) + 2 <= width), default=1))
        head, tail = " ".join(words[:cut]), " ".join(words[cut:])
        return Content.assemble(
            (info.letter, "bold reverse"),
            " ",
            (head, "bold"),
            "\n  ",
            (tail, "bold"),
            (f" {INFLUENCE}" if info.influence else "", "bold $accent"),
        )

    def _compact(self, info: CampInfo) -> Content:
        """No frame: ``▶2 1-2 ·6 ♛♥7⚔1+1`` then ``B♥2⚔1+1 Raider ✧``, wrapped to the camp's width (``d`` and the
        tooltip give the camp in full)."""
        cursor = "›" if self.cursor else ""
        if info.number:
            mark = Content.styled(f"{cursor}{CHOOSE}{info.number} ", "bold $accent")
        elif info.here:
            mark = Content.styled(f"{cursor}{HERE} ", "bold $warning")
        else:
            mark = Content.styled(cursor, "bold")
        head = Content.assemble(
            mark,
            (info.id, "bold reverse" if info.here else "bold"),
            (f" ·{info.size}", "$text-muted"),
            (f" {PRIMUS}{info.primus_stats.replace(' ', '')}" if info.primus is not None else "", "bold $error"),
        )
        if info.top is None:
            body = Content.styled(_("no cards") if info.primus is not None else _("empty"), "$text-muted italic")
        else:
            stats = info.stats.replace(" ", "") if info.stats else "◇"
            body = Content.assemble(
                (info.letter, "bold reverse"),
                (f"{stats} ", "bold"),
                info.name,
                (f" {INFLUENCE}" if info.influence else "", "bold $accent"),
            )
        return Content("\n").join([head, body])

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Pressed(self.info.id))


class ScionView(Widget):
    """The apex: the Scion, on its Spectate side (its penalty) until the final fight, then on its Conflict side."""

    DEFAULT_CSS = """
    ScionView {
        width: 75%;
        height: 4;
        border: round $error 50%;
        border-title-color: $foreground;
        border-title-style: bold;
        padding: 0 1;
        text-wrap: nowrap;
        text-overflow: ellipsis;
        &.-here { border: double $warning; border-title-color: $warning; }
        &:hover { background: $boost; }
    }
    """

    info: reactive[ScionInfo] = reactive(ScionInfo(""), layout=False)

    class Pressed(Message):
        """The Scion was clicked."""

        def __init__(self, scion: str) -> None:
            super().__init__()
            self.scion = scion

    def __init__(self, info: ScionInfo) -> None:
        super().__init__(id="scion")
        self.set_reactive(ScionView.info, info)

    def on_mount(self) -> None:
        self._present(self.info)

    def watch_info(self, info: ScionInfo) -> None:
        self._present(info)
        self.refresh()

    def _present(self, info: ScionInfo) -> None:
        self.set_class(info.here, "-here")
        here = f"{HERE} " if info.here else ""
        side = _("the final fight") if info.side == "conflict" else _("the Scion")
        set_title(self, Content(f"{here}{PRIMUS} {info.name} · {side}"))
        spectate = _("Spectate side: {penalty}").format(penalty=info.penalty)
        conflict = _("Conflict side: {stats}").format(stats=info.stats)
        self.tooltip = f"{info.name}\n{spectate}\n{conflict}"

    def render(self) -> Content:
        info = self.info
        if not info.id:
            return Content("")
        if self.has_class("-compact"):
            here = f"{HERE} " if info.here else ""
            if info.side == "spectate":
                what = _("spectate: {penalty}").format(penalty=info.penalty)
            else:
                what = _("fighting {stats}").format(stats=info.stats)
            return Content.assemble((f"{here}{PRIMUS} {info.name}", "bold"), " · ", what)
        if info.side == "spectate":
            return Content("\n").join(
                [
                    Content.assemble((_("Spectate:") + " ", "bold"), info.penalty),
                    Content.assemble(
                        (_("Conflict side:") + " ", "$text-muted"),
                        info.stats,
                        (" " + _("(the final fight)"), "$text-muted"),
                    ),
                ]
            )
        return Content("\n").join(
            [
                Content.assemble((_("Conflict side:") + " ", "bold"), info.stats),
                Content.styled(_("Defeat it and every enemy with it to win."), "$text-muted"),
            ]
        )

    def on_click(self, event: events.Click) -> None:
        event.stop()
        if self.info.id:
            self.post_message(self.Pressed(self.info.id))


def legend(view: GameView, *, compact: bool = False) -> Content:
    """The line under the pyramid: what its marks mean (never colour alone), or the fight on the table."""
    t = vesuvius(view)
    if not t.camps:
        return Content("")
    marks = [(f"{CHOOSE}n", _("press n")), (HERE, _("you")), (PRIMUS, term("primus")), (INFLUENCE, term("influence"))]
    marks.append(("B/S/O", "/".join(str(CAMP_KIND_NAMES[kind]) for kind in ("bloodshed", "sport", "opportunity"))))
    if compact:
        marks.append(("·6", _("cards in the camp")))
    parts: list[Content] = [Content.assemble((mark, "bold"), f" {words}") for mark, words in marks]
    return Content(" · ").join(parts)


class VesuviusBoard(Board):
    """Mount Vesuvius: the Scion at the apex, then the rows of camps from the top (2, 3, 4), each row centred."""

    DEFAULT_CSS = """
    VesuviusBoard {
        layout: vertical;
        height: auto;
        border-top: round $foreground 30%;
        border-title-color: $foreground 75%;
        border-subtitle-color: $foreground 75%;
        border-subtitle-align: right;
    }
    VesuviusBoard .vesuvius-row { height: auto; align-horizontal: center; }
    VesuviusBoard #vesuvius-legend { height: auto; color: $text-muted; }
    /* A short terminal: no frames; each row of camps takes the whole width (two camps a row at the top, four at
       the bottom) and a camp's words wrap, so that its name and its Primus's numbers are read whole. */
    VesuviusBoard.-compact CampView {
        width: 1fr; height: auto; min-height: 1; max-height: 5; border: none; padding: 0 1 0 0; text-wrap: wrap;
    }
    VesuviusBoard.-compact ScionView {
        width: 1fr; height: auto; max-height: 3; border: none; padding: 0; text-wrap: wrap;
    }
    VesuviusBoard.-fight .vesuvius-row.camps, VesuviusBoard.-fight #vesuvius-legend { display: none; }
    VesuviusBoard.-compact.-fight ScionView { max-height: 1; text-wrap: nowrap; text-overflow: ellipsis; }
    VesuviusBoard.-short #vesuvius-legend { display: none; }
    """

    DICE_ZONES = (DiceZone("training", TRAINING_GROUNDS, "none"),)

    def __init__(self, view: GameView, *, past: bool = False, id: str = "vesuvius") -> None:
        super().__init__(view, past=past, id=id)
        self._first = view
        self.compact = False
        """Drawn for a short terminal: two lines a camp, no frames."""
        self._tactics = TacticsPanel(id="past-tactics" if past else "tactics", classes="" if past else "panel")
        self._influence = InfluencePanel(id="past-influence" if past else "influence", classes="" if past else "panel")
        self.numbers: dict[str, int] = camp_numbers(view)
        """The number key of each camp a press can choose in the view shown (kept while the question lasts)."""
        self._question = question_of(view)

    def compose(self) -> ComposeResult:
        view = self._first
        infos = camp_infos(view, self.numbers)
        with Horizontal(classes="vesuvius-row", id="apex"):
            yield ScionView(scion_info(view))
        for row in rows_from_top():
            with Horizontal(classes="vesuvius-row camps"):
                for k in row:
                    yield CampView(infos[k])
        yield Static(id="vesuvius-legend")

    def on_mount(self) -> None:
        if not self.border_title:
            self.border_title = term("mount-vesuvius")

    def side_panels(self) -> list[Widget]:
        """The Tactics area and the Influence deck."""
        self._tactics.border_title = term("tactics-area")
        self._influence.border_title = term("influence-deck")
        return [self._tactics, self._influence]

    def show(self, view: GameView) -> None:
        if self.past:
            self.set_compact(True)  # the history view's board shares the screen with the log
        question = question_of(view)
        self.numbers = camp_numbers(view, self.numbers if question == self._question else None)
        self._question = question
        infos = {info.id: info for info in camp_infos(view, self.numbers)}
        for camp in self.query(CampView):
            camp.info = infos[camp.info.id]
        self.query_one(ScionView).info = scion_info(view)
        self._tactics.show(view)
        self._influence.show(view)
        t = vesuvius(view)
        beaten = len(t.beaten)
        total = beaten + sum(1 for camp in t.camps if camp.primus is not None) + len(t.to_place) + (t.fight == "primus")
        if total:
            title = _("Mount Vesuvius · {icon} Primus beaten {beaten}/{total}").format(
                icon=PRIMUS, beaten=beaten, total=total
            )
        else:
            title = term("mount-vesuvius")
        set_title(self, title)
        self._zone_words()
        self.query_one("#vesuvius-legend", Static).update(legend(view, compact=self.compact))

    def _zone_words(self) -> None:
        """The training grounds' tray (the general table titles it once, from :attr:`DICE_ZONES`): its title and its
        empty words in the language spoken."""
        screen = self.screen
        for tray in screen.query("#training, #past-training"):
            if isinstance(tray, DiceTray):
                tray.empty_text = _("none")
        for titled in screen.query("#training, #past-training-box"):
            set_title(titled, _(TRAINING_GROUNDS))

    def set_compact(self, compact: bool) -> None:
        """Draw for a short terminal (two lines a camp) or a tall one (framed camps)."""
        if compact == self.compact and self.has_class("-compact") == compact:
            return
        self.compact = compact
        self.set_class(compact, "-compact")
        for widget in (*self.query(CampView), *self.query(ScionView)):
            widget.set_class(compact, "-compact")
            widget.refresh()

    def set_camps_shown(self, shown: bool) -> None:
        """Show the rows of camps, or only the apex (a short terminal in a fight: the enemies need the room)."""
        self.set_class(not shown, "-fight")

    def set_cursor(self, camp: str | None) -> None:
        """Put the keyboard's camp cursor on a camp (None: nowhere)."""
        for view in self.query(CampView):
            view.cursor = view.info.id == camp

    def camp(self, camp: str) -> CampView:
        """The widget of a camp."""
        return self.query_one(f"#camp-{camp}", CampView)

    @staticmethod
    def setup_words(view: PlayerView) -> list[str]:
        return [_("difficulty {n}").format(n=DIFFICULTY.number(view.options))]

    @staticmethod
    def bosses_words(view: PlayerView) -> str:
        """``3 Primus and the Scion``: the Primus beaten, and the Scion when the game was won."""
        t = view.table
        assert isinstance(t, VictorumView)
        beaten = len(t.beaten)
        scion = scion_by_id(view.deck, t.scion).name if view.result == "won" else ""
        if beaten and scion:
            return ngettext("{n} Primus and the Scion, {name}", "{n} Primus and the Scion, {name}", beaten).format(
                n=beaten, name=scion
            )
        if scion:
            return _("the Scion, {name}").format(name=scion)
        return ngettext("{n} Primus", "{n} Primus", beaten).format(n=beaten) if beaten else ""

    @staticmethod
    def item_note(view: PlayerView, item: str) -> ItemNote | None:
        return item_note(view, item)

    @staticmethod
    def card_kind(view: PlayerView, card: ActiveCard) -> str:
        return card_kind(view, card)

    @staticmethod
    def command_detail(view: PlayerView, command: Command) -> str:
        return command_detail(view, command)


__all__ = ["IDS", "CampView", "ScionView", "VesuviusBoard"]
