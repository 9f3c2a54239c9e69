"""Hoplomachus Victorum at play: Mount Vesuvius with what it brings to the general table, its keys, presses and
prompts.

Keys (bindings, so the key bar, the help screen and the palette agree), after the general table's:

- ``1``–``9`` a numbered (▶) camp: move there, add an enemy from it (+N), place a Primus, feed the Influence deck,
  an effect's choice of a camp; arrows move the camp cursor (›) and Enter chooses the camp under it;
- Enter activates the top card of your camp, ``s`` spectates it, ``f`` fights the Primus waiting there;
- an Opportunity: Enter keeps it, ``x`` discards it; spectating: Enter gains 1 Health (or click an exhausted die);
- a Sport card's reward: ``n`` recruits a die instead, ``t`` gains a Tactic instead (or click the Tactic); ``t``
  stays the odds panel's target the rest of the time;
- ``d`` reads the camp under the cursor (or yours) in full.

Nothing here decides a rule: every press is looked up in the view's legal commands, and a press that matches none
is sent to the engine, whose refusal says why ("camp 3-1 is not adjacent to 1-2 (HV4)").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.cells import cell_len
from textual import on
from textual.binding import Binding
from textual.containers import Container
from textual.css.scalar import Scalar
from textual.message import Message
from textual.widget import Widget

from twentystrong.engine.commands import Command
from twentystrong.engine.effects.words import card_gender, clause
from twentystrong.i18n import N_, SOURCE, Gendered, _, language, lazy_gettext, lazy_pgettext, ngettext
from twentystrong.kits.hoplomachus_victorum.board.board import CampView, ScionView, VesuviusBoard
from twentystrong.kits.hoplomachus_victorum.board.camps import camp_commands, number_keys, vesuvius
from twentystrong.kits.hoplomachus_victorum.board.draw import DRAW_KINDS, DrawView, draw_items
from twentystrong.kits.hoplomachus_victorum.board.panels import TacticsPanel
from twentystrong.kits.hoplomachus_victorum.cards import opportunity_goal
from twentystrong.kits.hoplomachus_victorum.content import primus_by_id, scion_by_id
from twentystrong.kits.hoplomachus_victorum.rules.pyramid import BY_ID, IDS, ROW_COL
from twentystrong.kits.hoplomachus_victorum.rules.view import CampView as Camp
from twentystrong.kits.hoplomachus_victorum.rules.view import VictorumView
from twentystrong.text.prompts import prompt_words
from twentystrong.tui.store import GameView
from twentystrong.tui.widgets.common import fitting_title, set_display, set_title

if TYPE_CHECKING:
    from twentystrong.tui.widgets.status import PromptAction

SPORT_ALTERNATIVES = ("recruit", "gain_tactic")
"""A Sport card's alternatives to its reward."""
NOT_NOW = Gendered(
    lazy_gettext("{name} cannot be chosen now."),
    lazy_pgettext("masculine", "{name} cannot be chosen now."),
    lazy_pgettext("feminine", "{name} cannot be chosen now."),
    lazy_pgettext("neuter", "{name} cannot be chosen now."),
)
"""A drawn hero or Tactic refused, in the grammatical gender of its name (i18n.Gendered)."""

ARROWS = {"left": (0, -1), "right": (0, 1), "up": (1, 0), "down": (-1, 0)}
"""Arrow keys as (rows up, columns right) on the pyramid."""
CAMP_KINDS = ("move", "reinforce", "place_primus", "feed_influence", "choose_camp")
"""The steps and prompts answered with a camp."""


def _step(camp: str, rows: int, cols: int) -> str:
    """The camp an arrow leads to from ``camp``: along its row, or to the nearest camp of the row above or below."""
    r, i = ROW_COL[BY_ID[camp]]
    if cols:
        target = (r, i + cols)
        return IDS[ROW_COL.index(target)] if target in ROW_COL else camp
    row = [k for k, (rr, _) in enumerate(ROW_COL) if rr == r + rows]
    if not row:
        return camp
    # Up the pyramid a row has one camp fewer, shifted half a camp: column i sits between i-1 and i above.
    want = i - 0.5 if rows > 0 else i + 0.5
    return IDS[min(row, key=lambda k: (abs(ROW_COL[k][1] - want), ROW_COL[k][1]))]


def _arrive_hint(activate: bool, spectate: bool, fight: bool) -> str:
    """What the keys do at your camp, one whole sentence for each set of things that can be done there."""
    hints = {
        (True, True, True): N_("Enter activates, s spectates, f fights the Primus."),
        (True, True, False): N_("Enter activates, s spectates."),
        (True, False, True): N_("Enter activates, f fights the Primus."),
        (False, True, True): N_("s spectates, f fights the Primus."),
        (True, False, False): N_("Enter activates."),
        (False, True, False): N_("s spectates."),
        (False, False, True): N_("f fights the Primus."),
    }
    hint = hints.get((activate, spectate, fight))
    return _(hint) if hint else "."


def _opportunity_hint(view: GameView) -> str:
    """An Opportunity drawn: its goal, then Enter keeps it (or there is no room) and x discards it."""
    card = vesuvius(view).opportunity
    found = view.deck.card(card) if card else None
    condition = getattr(found, "condition", None)
    words = opportunity_goal(condition) if condition else ""
    goal = ""
    if found and words:  # (German keeps the goal's capital after the colon: ``clause``)
        goal = _("{name}: its goal, {goal}.").format(name=found.name, goal=clause(words)) + " "
    if view.can("keep_opportunity"):
        return goal + _("Enter keeps it, x discards it (i opens the inventory to make room).")
    return goal + _("No room to keep it: x discards it (i opens the inventory to make room).")


def camp_of(t: VictorumView, camp: str | None) -> Camp | None:
    """A camp as the player sees it (None: no such camp, the Scion's place, or not dealt yet)."""
    k = BY_ID.get(camp) if camp is not None else None
    return t.camps[k] if k is not None and k < len(t.camps) else None


class VictorumBoard(VesuviusBoard):
    """Mount Vesuvius on the table: its camps, and its keys, presses and prompts."""

    HELP_TITLE = N_("The table (Hoplomachus Victorum)")
    SCOPED_CSS = False  # (its own rule names the general table's training tray, outside the board)
    DEFAULT_CSS = """
    TableScreen #training { width: 2fr; margin-left: 1; }
    """

    KEYS_BEFORE = {
        # The general table's places of "e" and "f" on the key bar: no endgame here, the Primus fight instead.
        "face('miss')": (Binding("e", "no_endgame", "", show=False),),  # (no help line)
        "cards": (Binding("f", "fight", N_("Fight Primus")),),
    }
    KEYS = (
        *[
            Binding(
                str(n),
                f"camp({n})",
                N_("Camp"),
                key_display="1-9",
                show=n == 1,
                tooltip=N_("Choose the camp marked ▶ with that number"),
            )
            for n in range(1, 10)
        ],
        Binding("enter", "go", N_("Go to camp")),
        Binding("enter", "keep_opportunity", N_("Keep")),
        Binding("enter", "health", N_("Gain 1 Health")),
        Binding("s", "spectate", N_("Spectate")),
        Binding("x", "discard_opportunity", N_("Discard"), show=False),
        Binding("n", "recruit", N_("Recruit instead")),
        Binding("t", "tactic", N_("Tactic instead")),
        Binding("d", "details", N_("Camp details (again: its Primus)"), show=False),
        *[Binding(key, f"cursor('{key}')", N_("Camp cursor"), show=False) for key in ARROWS],
    )
    DIE_COMMANDS = ("dismiss", "spectate_reward")
    DIE_PLAYS = ("dismiss", "spectate_reward")
    DIALOG_KINDS = frozenset({"place_primus"})  # the hero and Tactic draws are cards on the table (.draw)
    ZONE_WHY = {  # (a LazyText: translated where the table says it, as the table's own reasons are)
        "training": cast(
            str, lazy_gettext("it is in the training grounds (a Sport card's reward or an effect recruits it)")
        )
    }
    MESSAGES = (DrawView.Pressed, TacticsPanel.Pressed)

    def __init__(self, view: GameView, *, past: bool = False, id: str = "vesuvius") -> None:
        super().__init__(view, past=past, id=id)
        self.cursor: str | None = None
        self._details_read: tuple[str | None, str | None] = (None, None)  # the camp and card d read last
        """The camp the arrows point at (None: none yet)."""

    # --- drawing ------------------------------------------------------------------------------------------------

    def lay_out(self) -> None:
        # First: the board draws its legend for the layout it has.
        view = self.table.view
        s = view.player
        screen = self.screen
        short = screen.has_class("-short")
        # Enemies on the table: two lines a camp (below 46 rows), so the cards have room; on a short terminal the
        # camps give way to the fight altogether unless one is to be chosen (d still reads any camp).
        drawing = view.kind in DRAW_KINDS  # the draw's cards need the room
        self.set_compact(short or drawing or (bool(s.active) and self.app.size.height < 46))
        # A short terminal: no legend line (the prompt's hint says what ▶ means, the help what every mark means):
        # its row goes to the camps' names.
        self.set_class(short, "-short")
        # The final fight: every camp was discarded (nine empty frames would take a third of the screen).
        final = vesuvius(view).fight == "final"
        self.set_camps_shown(not final and not (short and (drawing or (bool(s.active) and not self._camp_step()))))
        # A short terminal shows the active area and the committed dice only when they hold something.
        set_display(screen.query_one("#active", Container), not short or bool(s.active) or drawing)
        set_display(screen.query_one("#committed"), not short or bool(s.dice_in("active")))
        # A short terminal, choosing from the draw: every drawn card in view (a line or two each), in the room of
        # the dice zones, which no setup choice touches.
        set_display(screen.query_one("#zones"), not (short and drawing))
        for drawn in screen.query(DrawView):
            drawn.set_compact(short)
        self._share_zones(narrow=screen.has_class("-narrow"))

    def _share_zones(self, *, narrow: bool) -> None:
        """At 80 columns the pool, the training grounds and the exhausted dice share the width in proportion to the
        dice each holds (three dice' room at least), so that none needs a third line: the camps above keep theirs.
        In German and French each keeps its title whole too (*Würfelpool*, *Épuisés*, *Verbannt*), while the
        titles fit the row. Wider terminals keep the stylesheet's shares."""
        s = self.table.view.player
        zones = ("pool", "training", "exhausted")
        for zone in zones:
            tray = self.screen.query_one(f"#{zone}")
            share = f"{max(3, len(s.dice_in(zone)))}fr" if narrow else None
            if str(tray.styles.inline.width) != str(share):
                tray.styles.width = share  # (None: the stylesheet's share again)
        trays = [self.screen.query_one(f"#{zone}") for zone in (*zones, "banished")]
        trays = [tray for tray in trays if tray.display]  # (the banished dice: once there are some)
        least: list[int | None] = [None] * len(trays)
        if narrow and language() != SOURCE:  # English keeps its layout byte for byte
            titles = [cell_len(str(getattr(tray.border_title, "plain", tray.border_title) or "")) + 2 for tray in trays]
            row = trays[0].parent
            if isinstance(row, Widget) and sum(titles) <= row.size.width:
                least = list(titles)
        for tray, width in zip(trays, least, strict=True):
            if tray.styles.inline.min_width != (None if width is None else Scalar.from_number(width)):
                tray.styles.min_width = width

    def draw_table(self) -> None:
        if self.cursor is not None and not self._camp_step():
            self.cursor = None
        self.set_cursor(self.cursor)
        self._draw_fight()
        self._draw_draw()

    def _draw_fight(self) -> None:
        """The active area's title says which fight this is, and that dice on undefeated enemies stay; where the
        whole title does not fit (80 columns, a long name in German or French), a shorter one that does: the fight
        and its name before the rule."""
        deck = self.table.view.deck
        t = vesuvius(self.table.view)
        titles = [_("Active area")]
        if t.fight == "primus" and t.fighting:
            name = primus_by_id(deck, t.fighting).name
            titles = [
                _("Active area · ♛ Primus fight: {name} · dice stay on undefeated enemies").format(name=name),
                _("Active area · ♛ Primus fight: {name}").format(name=name),
                _("♛ Primus fight: {name}").format(name=name),
                f"♛ {name}",
            ]
        elif t.fight == "final" and t.scion:
            name = scion_by_id(deck, t.scion).name
            titles = [
                _("Active area · ♛ the final fight: {name} · dice stay on undefeated enemies").format(name=name),
                _("Active area · ♛ the final fight: {name}").format(name=name),
                _("♛ the final fight: {name}").format(name=name),
                f"♛ {name}",
            ]
        elif t.fight:
            titles = [_("Active area · dice stay on undefeated enemies"), _("Active area")]
        area = self.screen.query_one("#active", Container)
        set_title(area, fitting_title(area, titles))

    def _draw_draw(self) -> None:
        """The setup draw (heroes, Tactics) as cards in the active area, while it is to be chosen from."""
        area = self.screen.query_one("#active", Container)
        shown = list(area.query_children(DrawView))
        items = draw_items(self.table.view)
        key = tuple(item.key for item in items)
        if not (shown and shown[0].key == key):
            for drawn in shown:
                drawn.remove()
            if items:
                area.mount(DrawView(items, compact=self.screen.has_class("-short")))
        if items:  # (_draw_fight titled the area just before, also when the same draw is drawn again)
            set_title(area, _("Active area · the draw: click a card or press its number"))

    def _camp_step(self) -> bool:
        return bool(camp_commands(self.table.view))

    # --- the prompt line ----------------------------------------------------------------------------------------

    def hint(self, general: str) -> str:
        view = self.table.view
        kind = view.kind
        numbers = self.numbers
        keys = number_keys(numbers.values())
        if kind == "move":
            if len(numbers) == 1:
                return _("Only camp {camp} can be entered: Enter or {keys} moves there.").format(
                    camp=next(iter(numbers)), keys=keys
                )
            return _("Press a camp's number ({keys}), click a ▶ camp, or arrows then Enter.").format(keys=keys)
        if kind == "arrive":
            return _arrive_hint(view.can("activate"), view.can("spectate"), view.can("fight_primus"))
        if kind in ("reinforce", "feed_influence", "choose_camp"):
            return _("Press a camp's number ({keys}) or click a ▶ camp.").format(keys=keys)
        if kind == "opportunity":
            return _opportunity_hint(view)
        if kind == "spectate_reward":
            return _("Enter gains 1 Health, or click an exhausted die (or type its id) to recover it.")
        if kind == "bloodshed":
            return _("Click a die (or type its id) to dismiss it to the training grounds.")
        if kind in DRAW_KINDS:
            return _("Click a card or press its number; Enter lists every choice in words.")
        if kind == "place_primus":
            return _("Enter opens the choices.")
        offered = [c for c in view.legal if c.cmd in SPORT_ALTERNATIVES]
        alternatives = [c.cmd for c in offered]
        asked = view.player.prompt.card if view.player.prompt is not None else None
        sport = offered[0].card if offered else None
        if sport is not None and asked is not None and sport != asked:
            # The Sport card's reward waits behind another card's (a Bloodshed enemy's): name whose it is.
            name = view.card_name(sport)
            if "recruit" in alternatives and "gain_tactic" in alternatives:
                return (
                    general
                    + " "
                    + _("Instead of {card}'s reward: n recruits a die, t gains a Tactic.").format(card=name)
                )
            if "recruit" in alternatives:
                return general + " " + _("Instead of {card}'s reward: n recruits a die.").format(card=name)
            return general + " " + _("Instead of {card}'s reward: t gains a Tactic.").format(card=name)
        if "recruit" in alternatives and "gain_tactic" in alternatives:
            return general + " " + _("Instead: n recruits a die, t gains a Tactic.")
        if "recruit" in alternatives:
            return general + " " + _("Instead: n recruits a die.")
        if "gain_tactic" in alternatives:
            return general + " " + _("Instead: t gains a Tactic.")
        return general

    def prompt_actions(self) -> tuple[list[PromptAction], list[PromptAction]]:
        from twentystrong.tui.widgets.status import PromptAction

        view = self.table.view
        out: list[PromptAction] = []
        here = camp_of(vesuvius(view), vesuvius(view).position)
        top = here.top if here is not None else None
        if view.kind == "move" and self.cursor is not None:
            command = view.first("move", camp=self.cursor)
            if command is not None:
                label = _("Move to {camp}").format(camp=self.cursor)
                out.append(PromptAction(label, "enter", command, variant="primary"))
        if view.kind == "arrive":
            activate = view.first("activate")
            if activate is not None:
                label = _("Activate {name}").format(name=view.card_name(top)) if top else _("Activate the top card")
                out.append(PromptAction(label, "enter", activate, variant="primary"))
            spectate = view.first("spectate")
            if spectate is not None:
                out.append(PromptAction(_("Spectate"), "s", spectate))
            fight = view.first("fight_primus")
            primus = here.primus if here is not None else None
            if fight is not None:
                if primus:
                    label = _("Fight {name}").format(name=primus_by_id(view.deck, primus).name)
                else:
                    label = _("Fight the Primus")
                out.append(PromptAction(label, "f", fight, variant="error"))
        if view.kind in DRAW_KINDS:
            out.append(PromptAction(_("Choose…"), "enter", action="answer", variant="primary"))
        keep = view.first("keep_opportunity")
        if keep is not None:
            out.append(PromptAction(_("Keep it"), "enter", keep, variant="success"))
        discard = view.first("discard_opportunity")
        if discard is not None:
            out.append(PromptAction(_("Discard it"), "x", discard, variant="warning"))
        health = view.first("spectate_reward", choice="health")
        if health is not None:
            out.append(PromptAction(_("Gain 1 Health"), "enter", health, variant="success"))
        # A Sport card's alternatives come after its reward's own buttons, before "All moves…".
        instead: list[PromptAction] = []
        recruit = view.first("recruit")
        if recruit is not None:
            instead.append(PromptAction(_("Recruit a die instead"), "n", recruit))
        if view.can("gain_tactic"):
            instead.append(PromptAction(_("Gain a Tactic instead…"), "t", action="deck('tactic')"))
        return out, instead

    # --- keys ---------------------------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        view = self.table.view
        if action == "answer" and view.kind in DRAW_KINDS:
            return True
        if action == "camp":
            if view.kind in DRAW_KINDS:
                return True
            selected = self.table.selected
            return bool(camp_commands(view)) and not (selected is not None and view.find("apply", die=selected))
        if action == "go":
            return self.cursor is not None and self._camp_step()
        if action == "keep_opportunity":
            return view.can("keep_opportunity")
        if action == "health":
            return view.first("spectate_reward", choice="health") is not None
        if action == "spectate":
            return view.can("spectate")
        if action == "fight":
            return view.can("fight_primus")
        if action == "discard_opportunity":
            return view.can("discard_opportunity")
        if action == "recruit":
            return view.can("recruit")
        if action == "tactic":
            return view.can("gain_tactic")
        if action == "cursor":
            return self._camp_step() or bool(vesuvius(view).camps)
        if action == "details":
            return bool(vesuvius(view).camps)
        if action == "no_endgame":
            return False
        return None

    def takes_key(self, key: str) -> bool:
        # "t" is the App's odds target everywhere else: the table takes it only while a Sport card offers a Tactic.
        return key != "t" or self.table.view.can("gain_tactic")

    def _play_first(self, cmd: str) -> None:
        command = self.table.view.first(cmd)
        if command is not None:
            self.table.play(command)

    def action_camp(self, number: int) -> None:
        """Choose the camp with that number."""
        if self.table.view.kind in DRAW_KINDS:
            self._pick_draw(number)
            return
        numbers = {n: camp for camp, n in self.numbers.items()}
        camp = numbers.get(number)
        if camp is None:
            keys = number_keys(numbers)
            self.table.warn(
                _("No camp has the number {n}: the marked (▶) camps are numbered {keys}.").format(n=number, keys=keys)
            )
            return
        self.press_camp(camp)

    def action_go(self) -> None:
        """Choose the camp under the cursor."""
        if self.cursor is not None:
            self.press_camp(self.cursor)

    def action_cursor(self, key: str) -> None:
        """Move the camp cursor."""
        rows, cols = ARROWS[key]
        if self.cursor is None:
            here = vesuvius(self.table.view).position
            start = next(iter(self.numbers), None) or (here if here in BY_ID else IDS[0])
            self.cursor = start
        else:
            self.cursor = _step(self.cursor, rows, cols)
        self.set_cursor(self.cursor)
        self.table.draw_selection()

    def action_keep_opportunity(self) -> None:
        """Keep the Opportunity."""
        self._play_first("keep_opportunity")

    def action_discard_opportunity(self) -> None:
        """Discard the Opportunity."""
        self._play_first("discard_opportunity")

    def action_health(self) -> None:
        """Spectating: gain 1 Health."""
        command = self.table.view.first("spectate_reward", choice="health")
        if command is not None:
            self.table.play(command)

    def action_spectate(self) -> None:
        """Spectate your camp."""
        self._play_first("spectate")

    def action_fight(self) -> None:
        """Fight the Primus at your camp."""
        self._play_first("fight_primus")

    def action_recruit(self) -> None:
        """Recruit a die instead of a Sport card's reward."""
        self._play_first("recruit")

    def action_tactic(self) -> None:
        """Gain a Tactic instead of a Sport card's reward (asks which when several)."""
        commands = self.table.view.find("gain_tactic")
        if len(commands) == 1:
            self.table.play(commands[0])
        else:
            self.table.choose(_("Gain which Tactic instead of the reward?"), commands)

    def action_details(self) -> None:
        """Read the camp under the cursor (or yours) in full: its top card, then (``d`` again) the Primus under it,
        and so on in turn (the Primus's Bane was only read in the placement list)."""
        t = vesuvius(self.table.view)
        camp = self.cursor
        if camp is None and t.position in BY_ID:
            camp = t.position
        found = camp_of(t, camp)
        cards = [c for c in (found.top, found.primus) if c is not None] if found is not None else []
        if not cards:
            self.table.warn(_("No camp card to read: arrows choose a camp, then d."))
            return
        last = self._details_read
        card = cards[(cards.index(last[1]) + 1) % len(cards)] if last[0] == camp and last[1] in cards else cards[0]
        self._details_read = (camp, card)
        self.table.show_card(card)

    def explain_key(self, key: str, names: list[str]) -> bool:
        table_ = self.table
        view = table_.view
        if key.isdigit() and "camp" in names:
            if table_.selected is not None or view.player.active:  # with enemies on the table a digit is a card
                return False
            table_.warn(_("No camp can be chosen now.") + " " + prompt_words(view.player, view.awaiting))
        elif "spectate" in names:
            table_.explain(Command("spectate"))
        elif "fight" in names:
            table_.explain(Command("fight_primus"))
        elif "recruit" in names or "tactic" in names:
            table_.warn(_("Only a defeated Sport card's reward can be exchanged for a recruit or a Tactic."))
        elif key == "x":
            return False
        elif "no_endgame" in names:
            table_.warn(
                _("This deck has no endgame to start: the final fight comes the round after the last Primus falls.")
            )
        elif "details" in names:
            table_.warn(_("No camp card to read now."))
        elif "cursor" in names:
            table_.warn(_("The arrows move the camp cursor once Mount Vesuvius is dealt."))
        else:
            return False
        return True

    def explain_enter(self) -> bool:
        if self.table.view.kind not in CAMP_KINDS:
            return False
        self.table.warn(_("Several camps can be chosen: press a camp's number, click a ▶ camp, or arrows then Enter."))
        return True

    # --- clicks -------------------------------------------------------------------------------------------------

    def press_camp(self, camp: str) -> None:
        """A camp was clicked or its number pressed: play what it stands for now, or say why nothing."""
        table_ = self.table
        view = table_.view
        commands = camp_commands(view).get(camp, [])
        self.cursor = None
        if len(commands) == 1:
            table_.play(commands[0])
            return
        if commands:
            table_.choose(_("Camp {camp}").format(camp=camp), commands)
            return
        if view.kind == "move":
            table_.explain(Command("move", camp=camp))
        elif view.kind == "reinforce":
            table_.explain(Command("activate", camp=camp))
        elif view.kind in ("place_primus", "feed_influence", "choose_camp"):
            table_.warn(_("Camp {camp} cannot be chosen now: the marked (▶) camps can.").format(camp=camp))
        else:
            found = camp_of(vesuvius(view), camp)
            top = found.top if found is not None else None
            if top is not None:
                table_.show_card(top)
            else:
                table_.warn(_("Camp {camp} holds no card.").format(camp=camp))

    def _pick_draw(self, number: int) -> None:
        """The n-th card of the setup draw was clicked or its number pressed."""
        view = self.table.view
        items = draw_items(view)
        if not 1 <= number <= len(items):
            self.table.warn(
                ngettext(
                    "The draw has {n} card: press 1–{n}.", "The draw has {n} cards: press 1–{n}.", len(items)
                ).format(n=len(items))
            )
            return
        item = items[number - 1]
        if len(item.commands) == 1:
            self.table.play(item.commands[0])
        elif item.commands:
            self.table.choose(item.question or item.title, list(item.commands))
        else:
            words = NOT_NOW(card_gender(view.deck, item.key)).format(name=item.title)
            self.table.warn(words + " " + prompt_words(view.player, view.awaiting))

    @on(CampView.Pressed)
    def _camp_pressed(self, event: CampView.Pressed) -> None:
        if self.past:
            return
        event.stop()
        self.press_camp(event.camp)

    @on(ScionView.Pressed)
    def _scion_pressed(self, event: ScionView.Pressed) -> None:
        if self.past:
            return
        event.stop()
        self.table.show_card(event.scion)

    def on_table_message(self, message: Message) -> None:
        if isinstance(message, DrawView.Pressed):
            self._pick_draw(message.number)
        elif isinstance(message, TacticsPanel.Pressed):
            view = self.table.view
            commands = view.find("gain_tactic", tactic=message.tactic) + view.find("choose", card=message.tactic)
            if commands:
                self.table.play(commands[0])
            else:
                self.table.show_card(message.tactic)


BOARD = VictorumBoard
"""This ruleset's board (``boards.board_class``)."""
