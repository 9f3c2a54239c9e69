"""Solar Sentinels' board: the three face-up stacks (each its top card, size and mandatory mark), marked when a
legal command names them (activate, the stack discard, an effect's choice of a stack); in the side column its
missions (when the game has them) and the boss deck. Its keys: ``1``–``3`` a stack, ``e`` starts the endgame, ``f``
forfeits the current mission (asks first)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget

from twentystrong.engine.commands import Command
from twentystrong.engine.view import PlayerView
from twentystrong.i18n import N_, _
from twentystrong.kits.solar_sentinels.board.panels import BossPanel, MissionsPanel
from twentystrong.kits.solar_sentinels.board.stacks import StackInfo, StackView
from twentystrong.kits.solar_sentinels.cards import mission_goal
from twentystrong.kits.solar_sentinels.content import mission_by_id
from twentystrong.kits.solar_sentinels.rules.rules import STACKS
from twentystrong.kits.solar_sentinels.rules.view import SolarSentinelsView
from twentystrong.tui.boards.base import Board
from twentystrong.tui.store import GameView

if TYPE_CHECKING:
    from twentystrong.tui.widgets.status import PromptAction

STACK_COMMANDS = ("activate", "stack_discard", "choose")
"""The commands that name a stack, so that pressing it plays them."""
STACK_KINDS = ("activate", "stack_discard", "choose_stack")
"""The steps and prompts answered with a stack."""
PRESS_A_STACK = N_("Click a marked (▶) stack or press 1–3.")


def stack_commands(view: GameView, stack: int) -> list[Command]:
    """The legal commands that name stack ``stack``."""
    return [c for c in view.legal if c.cmd in STACK_COMMANDS and c.stack == stack]


def _table(view: GameView) -> SolarSentinelsView | None:
    """The stacks, missions and boss deck as the player sees them."""
    t = view.player.table
    return t if isinstance(t, SolarSentinelsView) else None


def stack_top(view: GameView, stack: int) -> str | None:
    """The top card of a stack, if there is one."""
    t = _table(view)
    stacks = t.stacks if t is not None else ()
    return stacks[stack - 1].top if 0 < stack <= len(stacks) else None


def missions_dealt(view: GameView) -> int:
    """How many missions the game dealt and kept."""
    t = _table(view)
    return sum(1 for m in t.missions if m.status != "discarded") if t is not None else 0


class SolarSentinelsBoard(Board):
    """The three stacks (``#stack-1`` … ``#stack-3``), in a row."""

    SCOPED_CSS = False  # (its rules style its panels in the side column too, outside the board)
    DEFAULT_CSS = """
    TableScreen #stacks { height: auto; }
    /* A stack shows its top card's name and numbers, then its printed lines one row each (cut with …; the tooltip
       and d give them in full). Short terminals: the name and numbers only. */
    TableScreen StackView { max-height: 6; }
    TableScreen.-short StackView { max-height: 4; }
    /* Short terminals: the missions in one line (the current one and how many are done), so the odds stay in
       view. */
    TableScreen.-short MissionsPanel #missions-line { display: block; }
    TableScreen.-short MissionsPanel PanelList { display: none; }
    /* The boss deck's counts are in its title: with no boss revealed, the panel is that one line. (A cap, not a
       height: the table's own stylesheet gives every side panel an auto height, and a widget's default CSS gives
       way to it.) */
    TableScreen BossPanel.-nothing { max-height: 1; }
    """

    KEYS_BEFORE = {
        "face('miss')": (Binding("e", "start_endgame", N_("Start endgame")),),
        "card(1)": (
            Binding("1", "stack(1)", N_("Stack"), key_display="1-3"),
            Binding("2", "stack(2)", N_("Stack"), show=False),
            Binding("3", "stack(3)", N_("Stack"), show=False),
        ),
        "cards": (Binding("f", "forfeit", N_("Forfeit mission"), show=False),),
    }
    STEP_NAMES = {
        "mission_discard": N_("Mission discard"),
        "rank_penalty": N_("Rank penalty"),
        "stack_discard": N_("Stack discard"),
    }
    DIALOG_KINDS = frozenset({"discard_mission", "rank_penalty"})
    ASIDE = ("forfeit_mission",)
    DECLINES = ("decline_endgame",)
    MESSAGES = (MissionsPanel.Pressed, BossPanel.Pressed)

    def __init__(self, view: GameView, *, past: bool = False, id: str = "stacks") -> None:
        super().__init__(view, past=past, id=id)
        self._first = view
        self._panels: list[Widget] = []

    # --- drawing ------------------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        view = self._first  # built as the first view shows it: drawing that view once mounted changes less
        for n in range(1, STACKS + 1):  # the endgame's single stack is stack 1; the others show empty
            info = StackInfo.of(view.player, n - 1)
            yield StackView(n, info=info, marked=bool(stack_commands(view, n)), id=f"stack-{n}")

    def side_panels(self) -> list[Widget]:
        """The missions (dealt as the game starts: a game has them from its first view, or never; the history
        view keeps the panel, hidden without missions) and the boss deck."""
        t = _table(self._first)
        prefix = "past-" if self.past else ""
        panels: list[Widget] = []
        if self.past or (t is not None and t.missions):
            missions = MissionsPanel(id=f"{prefix}missions", classes="" if self.past else "panel")
            missions.border_title = _("Missions")
            panels.append(missions)
        boss = BossPanel(id=f"{prefix}boss", classes="" if self.past else "panel")
        boss.border_title = _("Boss deck")
        panels.append(boss)
        self._panels = panels
        return panels

    def show(self, view: GameView) -> None:
        for stack in self.query(StackView):
            n = stack.info.number
            stack.info = StackInfo.of(view.player, n - 1)
            stack.marked = bool(stack_commands(view, n))
        for panel in self._panels:
            if isinstance(panel, MissionsPanel | BossPanel):
                panel.show(view)

    # --- the prompt ---------------------------------------------------------------------------------------------

    def hint(self, general: str) -> str:
        view = self.table.view
        kind = view.kind
        remaining = int(view.awaiting.get("remaining", 1) or 1)
        choices = view.find("activate")
        if kind == "activate" and len(choices) == 1 and choices[0].stack is not None:
            n = choices[0].stack
            top = stack_top(view, n)
            assert top is not None  # an activation choice is a stack with a top
            name = view.card_name(top)
            table = view.player.table
            if isinstance(table, SolarSentinelsView) and table.mandatory(view.player.deck, n):
                return _(
                    "Only stack {n} can be chosen (a mandatory top must be taken first): Enter or {n} activates {name}."
                ).format(n=n, name=name)
            return _("Only stack {n} can be chosen: Enter or {n} activates {name}.").format(n=n, name=name)
        if kind == "activate" and (remaining > 1 or view.player.active):
            return _("{n} more to activate: click a marked (▶) stack or press 1–3.").format(n=remaining)
        if kind in STACK_KINDS:
            return _(PRESS_A_STACK)
        if kind == "endgame_choice":
            return _("e starts the endgame, x keeps playing.")
        return general

    def prompt_actions(self) -> tuple[list[PromptAction], list[PromptAction]]:
        from twentystrong.tui.widgets.status import PromptAction

        view = self.table.view
        endgame: list[PromptAction] = []
        start = view.first("start_endgame")
        if start is not None:
            endgame.append(PromptAction(_("Start endgame"), "e", start, variant="error"))
        decline = view.first("decline_endgame")
        if decline is not None:
            endgame.append(PromptAction(_("Keep playing"), "x", decline))
        return [], endgame

    # --- presses ------------------------------------------------------------------------------------------------

    def press_stack(self, stack: int, *, show: bool = True) -> None:
        """A stack was clicked or its number pressed."""
        table = self.table
        view = table.view
        commands = stack_commands(view, stack)
        if commands:
            table.play(commands[0])
            return
        if view.kind == "activate":
            table.explain(Command("activate", stack=stack))
        elif view.kind == "stack_discard":
            table.explain(Command("stack_discard", stack=stack))
        elif show and (top := stack_top(view, stack)) is not None:
            table.show_card(top)
        else:
            self.notify(_("Nothing to do with stack {n} now.").format(n=stack) + " " + view.text, severity="warning")

    @on(StackView.Pressed)
    def _stack_pressed(self, event: StackView.Pressed) -> None:
        if self.past:
            return
        event.stop()
        self.press_stack(event.stack)

    def on_table_message(self, message: Message) -> None:
        table = self.table
        view = table.view
        if isinstance(message, MissionsPanel.Pressed):
            discard = view.first("discard_mission")
            command = next((c for c in view.legal if c.mission == message.mission), None)
            if command is not None and command.cmd == "discard_mission":
                table.play(command)
            elif command is not None:
                table.choose(
                    _("Mission {name}").format(name=view.card_name(message.mission)), [command]
                )  # forfeiting asks first
            elif discard is None:
                table.show_card(message.mission)
        elif isinstance(message, BossPanel.Pressed):
            table.show_card(message.boss)

    # --- keys ---------------------------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        view = self.table.view
        if action == "stack":
            selected = self.table.selected
            return any(stack_commands(view, n) for n in range(1, STACKS + 1)) and not (
                selected is not None and view.find("apply", die=selected)
            )
        if action == "start_endgame":
            return view.can("start_endgame")
        if action == "forfeit":
            return view.can("forfeit_mission")
        return None

    def action_stack(self, stack: int) -> None:
        """Activate, discard from or choose stack ``stack``."""
        self.press_stack(stack, show=False)

    def action_start_endgame(self) -> None:
        """Start the endgame."""
        command = self.table.view.first("start_endgame")
        if command is not None:
            self.table.play(command)

    def action_forfeit(self) -> None:
        """Forfeit the current mission (asks first)."""
        self.table.choose(_("Forfeit the current mission?"), self.table.view.find("forfeit_mission"))

    def explain_key(self, key: str, names: list[str]) -> bool:
        table = self.table
        first = names[0]
        if first == "start_endgame":
            table.explain(Command("start_endgame"))
        elif first == "forfeit":
            missions = missions_dealt(table.view)
            table.warn(
                _("No mission can be forfeited now.") if missions else _("This game has no missions to forfeit.")
            )
        else:
            return False
        return True

    def explain_enter(self) -> bool:
        if self.table.view.kind not in STACK_KINDS:
            return False
        self.table.warn(_("Several stacks can be chosen: press 1–3 or click a marked (▶) one."))
        return True

    # --- words --------------------------------------------------------------------------------------------------

    @staticmethod
    def command_detail(view: PlayerView, command: Command) -> str:
        """A mission to discard or forfeit: its goal; the rank penalty's choice: what it costs (R15)."""
        if command.cmd in ("discard_mission", "forfeit_mission") and command.mission:
            return mission_goal(mission_by_id(view.deck, command.mission))
        if command.cmd == "rank_penalty":
            return _("banish one die from the pool") if command.choice == "banish" else _("exhaust three dice")
        return ""
