"""Hoplomachus Victorum's panels in the side column: the Tactics area (face up: a Sport card's reward or an effect
may take one) and the Influence deck (face down: its size and Influence icons are public, its order is not, HV11);
and what the deck adds to a held item (an Opportunity's progress, a Tactic's return to the Tactics area)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.content import Content
from textual.message import Message
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from twentystrong.content.translations import gender_of
from twentystrong.engine.view import PlayerView
from twentystrong.i18n import SOURCE, Gendered, _, language, lazy_gettext, lazy_pgettext, ngettext, term
from twentystrong.kits.hoplomachus_victorum.board.camps import vesuvius
from twentystrong.kits.hoplomachus_victorum.cards import opportunity_goal
from twentystrong.kits.hoplomachus_victorum.content import CampCard, is_tactic, tactic_by_id
from twentystrong.kits.hoplomachus_victorum.rules.view import VictorumView
from twentystrong.text.effects import describe_effects
from twentystrong.tui.boards.base import ItemNote
from twentystrong.tui.store import GameView
from twentystrong.tui.widgets.common import set_display, set_title, update_static
from twentystrong.tui.widgets.panels import PanelList

INFLUENCE = "✧"

# What becomes of a held card with the Influence icon, one message per grammatical gender of its name (i18n.Gendered).
JOINS_INFLUENCE = Gendered(
    lazy_gettext("it joins the Influence deck"),
    lazy_pgettext("masculine", "it joins the Influence deck"),
    lazy_pgettext("feminine", "it joins the Influence deck"),
    lazy_pgettext("neuter", "it joins the Influence deck"),
)
USE_THEN_INFLUENCE = Gendered(
    lazy_gettext("Use it at any prompt, except while a roll is being resolved; then it joins the Influence deck."),
    lazy_pgettext(
        "masculine", "Use it at any prompt, except while a roll is being resolved; then it joins the Influence deck."
    ),
    lazy_pgettext(
        "feminine", "Use it at any prompt, except while a roll is being resolved; then it joins the Influence deck."
    ),
    lazy_pgettext(
        "neuter", "Use it at any prompt, except while a roll is being resolved; then it joins the Influence deck."
    ),
)
DISCARDED_TO_INFLUENCE = Gendered(
    lazy_gettext("Discarded, it joins the Influence deck."),
    lazy_pgettext("masculine", "Discarded, it joins the Influence deck."),
    lazy_pgettext("feminine", "Discarded, it joins the Influence deck."),
    lazy_pgettext("neuter", "Discarded, it joins the Influence deck."),
)


def item_note(view: PlayerView, item: str) -> ItemNote | None:
    """A held Opportunity: its progress (``1/2``, ``earned ✔``) and, until earned, its goal; a Tactic: it returns to
    the Tactics area once used or discarded (HV2); an item with the Influence icon joins the Influence deck."""
    deck = view.deck
    if is_tactic(deck, item):
        return ItemNote(  # HV2
            after_use=_("it returns to the Tactics area"),
            used=_("Use it at any prompt, except while a roll is being resolved; then it returns to the Tactics area."),
            discarded=_("Discarded, it returns to the Tactics area."),
        )
    card = deck.card_ids.get(item)
    if not isinstance(card, CampCard):
        return None
    gender = gender_of(card)
    after = JOINS_INFLUENCE(gender) if card.influence else ""
    used = USE_THEN_INFLUENCE(gender) if card.influence else ""
    discarded = DISCARDED_TO_INFLUENCE(gender) if card.influence else ""
    if card.condition is None:
        return ItemNote(after_use=after, used=used, discarded=discarded) if after else None
    t = view.table
    assert isinstance(t, VictorumView)
    if item in t.earned:
        return ItemNote(progress=_("earned ✔"), after_use=after, used=used, discarded=discarded)
    goal = opportunity_goal(card.condition)
    return ItemNote(
        progress=f"{t.progress(item)}/{card.condition.target}",
        words=_("Goal: {goal}").format(goal=goal),
        after_use=after,
        used=used,
        discarded=discarded,
    )


class TacticsPanel(Widget):
    """The Tactics area: each Tactic's name and what it does (its name only on a short terminal); marked ``▶`` when
    one can be gained now. A click (or Enter in the list) reports :class:`TacticsPanel.Pressed`."""

    DEFAULT_CSS = """
    TacticsPanel { height: auto; }
    TacticsPanel #tactics-empty { color: $text-muted; }
    """

    class Pressed(Message):
        """A Tactic was chosen (clicked, or Enter in the list)."""

        def __init__(self, tactic: str) -> None:
            super().__init__()
            self.tactic = tactic

    def compose(self) -> ComposeResult:
        yield Static(_("empty"), id="tactics-empty")
        yield PanelList(id="tactics-list")

    def show(self, view: GameView) -> None:
        """Show the Tactics area of this view."""
        t = vesuvius(view)
        gainable = {c.tactic for c in view.legal if c.cmd == "gain_tactic"}
        gainable |= {c.card for c in view.legal if c.cmd == "choose" and c.card in t.tactics}
        set_title(self, _("Tactics area · {n}").format(n=len(t.tactics)))
        short = self.screen.has_class("-short")
        key = (t.tactics, frozenset(gainable), short)
        if key == getattr(self, "_key", None):
            return
        self._key = key
        options = []
        for tactic in t.tactics:
            card = tactic_by_id(view.deck, tactic)
            words = card.text or describe_effects(list(card.effects))
            can = tactic in gainable
            options.append(
                Option(
                    Content.assemble(
                        ("▶ " if can else "  ", "bold $accent"),
                        ("◆ ", "$secondary"),
                        (card.name, "bold" if can else ""),
                        ("" if short else "\n    ", ""),
                        ("" if short else words, "$text-muted"),
                    ),
                    id=tactic,
                )
            )
        lst = self.query_one("#tactics-list", PanelList)
        lst.set_options(options)
        set_display(lst, bool(options))
        set_display(self.query_one("#tactics-empty", Static), not options)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.post_message(self.Pressed(event.option.id))


class InfluencePanel(Static):
    """The Influence deck, face down: its size and its Influence icons in the title (its order stays hidden)."""

    DEFAULT_CSS = """
    InfluencePanel { height: auto; color: $text-muted; }
    """

    _view: GameView | None = None

    def on_resize(self) -> None:
        if self._view is not None:
            self.show(self._view)

    def show(self, view: GameView) -> None:
        """Show the Influence deck of this view."""
        self._view = view
        t = vesuvius(view)
        size = t.influence_size
        shown = t.influence_icons
        title = ngettext(
            "Influence deck · {n} card · {icons} {icon}", "Influence deck · {n} cards · {icons} {icon}", size
        ).format(n=size, icons=shown, icon=INFLUENCE)
        counts = ""
        room = self.outer_size.width - 2  # the top border less its corners
        if language() != SOURCE and 0 < room < Content(title).cell_length:
            # German and French run longer (80 columns): the title keeps the deck's name, its counts take a line
            # (English keeps its one title line, byte for byte).
            counts = ngettext("{n} card · {icons} {icon}", "{n} cards · {icons} {icon}", size).format(
                n=size, icons=shown, icon=INFLUENCE
            )
            name = term("influence-deck")
            title = name[:1].upper() + name[1:]  # French keeps the term lower case mid-sentence
        set_title(self, title)
        self.tooltip = _(
            "Face down: its size and Influence icons are public, its order is hidden (it is shuffled when the final "
            "fight begins). Defeated cards with the Influence icon ({icon}) join it; the Scion's enemies in the final "
            "fight are drawn from it."
        ).format(icon=INFLUENCE)
        if t.fight == "final":
            words = _("Shuffled for the final fight: the Scion's allies come from it.")
        elif t.scion:
            words = _("The Scion's allies in the final fight come from it.")
        else:
            words = ""
        update_static(self, Content("\n".join(line for line in (counts, words) if line)))
