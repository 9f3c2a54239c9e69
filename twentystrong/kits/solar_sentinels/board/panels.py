"""Solar Sentinels' panels in the side column: the dealt missions (the current one marked, its progress on the chip)
and the boss deck (face down, counted; the revealed boss, if any). Like every table widget they show the view and
report presses; the board decides what a press means."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from twentystrong.engine.view import PlayerView
from twentystrong.i18n import _
from twentystrong.kits.solar_sentinels.content import mission_by_id
from twentystrong.kits.solar_sentinels.rules.view import SolarSentinelsView
from twentystrong.tui.store import GameView
from twentystrong.tui.widgets.common import set_display, set_title, update_static
from twentystrong.tui.widgets.panels import panel_list

_NOT_DEALT = SolarSentinelsView(stacks=(), missions=(), current_mission=None, revealed_boss=None, boss_deck_size=0)


def _solar(view: PlayerView) -> SolarSentinelsView:
    """The Solar Sentinels table of the view (an empty one for another deck)."""
    t = view.table
    return t if isinstance(t, SolarSentinelsView) else _NOT_DEALT


class MissionsPanel(Widget):
    """The dealt missions left to right: the current one marked ``▶`` with its progress on the chip."""

    DEFAULT_CSS = """
    MissionsPanel { height: auto; }
    MissionsPanel #missions-line { display: none; height: auto; }
    """

    class Pressed(Message):
        """A mission was chosen."""

        def __init__(self, mission: str) -> None:
            super().__init__()
            self.mission = mission

    # The list (#missions) is mounted when the panel first has missions to show (hidden in a game without any).
    # Short terminals show one line instead (#missions-line: the current mission and its progress).

    def compose(self) -> ComposeResult:
        yield Static(id="missions-line")

    def show(self, view: GameView) -> None:
        """Show the missions of this view (the panel hides itself in a game without missions)."""
        s = view.player
        t = _solar(s)
        set_display(self, bool(t.missions))
        if not t.missions:
            return
        key = (t.missions, t.chip)
        if key == getattr(self, "_key", None):
            return
        self._key = key
        current = t.current_mission
        done = sum(1 for m in t.missions if m.status == "done")
        dealt = sum(1 for m in t.missions if m.status != "discarded")
        set_title(self, _("Missions {done} of {dealt} done · chip {chip}").format(done=done, dealt=dealt, chip=t.chip))
        if current is not None:
            mission = mission_by_id(s.deck, current.id)
            line = Content.assemble(
                ("▶ ", "bold $accent"), (mission.name, "bold"), (f" {t.chip}/{mission.target}", "$accent")
            )
        else:
            line = Content.styled("no mission left", "$text-muted")
        update_static(self.query_one("#missions-line", Static), line)
        options = []
        for m in t.missions:
            mission = mission_by_id(s.deck, m.id)
            mark = {"done": "✔", "forfeited": "✗", "discarded": "–"}.get(m.status, "·")
            style = "$text-muted strike" if m.status in ("forfeited", "discarded") else ""
            if current is not None and m.id == current.id:
                mark = "▶"
                style = "bold"
            label = Content.assemble((f"{mark} ", "bold $accent"), (mission.name, style))
            if current is not None and m.id == current.id:
                label = Content.assemble(label, (f" {t.chip}/{mission.target}", "$accent"))
            options.append(Option(label, id=m.id))
        lst = panel_list(self, "missions")
        highlighted = lst.highlighted
        lst.set_options(options)
        if highlighted is not None:
            lst.highlighted = min(highlighted, len(options) - 1)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.post_message(self.Pressed(event.option.id))


class BossPanel(Static):
    """The boss deck (face down, counted) and the revealed boss, if any."""

    DEFAULT_CSS = """
    BossPanel { height: auto; }
    BossPanel.-nothing { height: 0; }
    """

    class Pressed(Message):
        """The revealed boss was clicked."""

        def __init__(self, boss: str) -> None:
            super().__init__()
            self.boss = boss

    revealed: reactive[str | None] = reactive(None)

    def show(self, view: GameView) -> None:
        """Show the boss deck of this view."""
        s = view.player
        t = _solar(s)
        # The counts go in the title (one line on the side column); the revealed boss, if any, below it.
        title = _("Boss deck · {n} face down").format(n=t.boss_deck_size)
        if t.boss_discard:
            title += f" · {len(t.boss_discard)} discarded"
        set_title(self, title)
        parts: list[Content | str | tuple[str, str]] = []
        if t.revealed_boss:
            boss = s.deck.boss(t.revealed_boss)
            parts += [
                (_("Revealed:") + " ", "$text-muted"),
                (boss.name, "bold"),
                f"  ♥{boss.health} ⚔{boss.damage} +{boss.entourage}",
            ]
        self.revealed = t.revealed_boss
        self.set_class(not parts, "-nothing")
        update_static(self, Content.assemble(*parts))

    def on_click(self, event: events.Click) -> None:
        if self.revealed:
            event.stop()
            self.post_message(self.Pressed(self.revealed))
