"""Hoplomachus Victorum, the second deck: Mount Vesuvius's camps, Primus fights, Tactics and Opportunities.

- :mod:`.rules`: its rules as a ruleset (pure Python; importing it registers them);
- :mod:`.board`: Mount Vesuvius and its table screen's keys and prompts (Textual; imported when a game of the deck
  is first shown);
- :mod:`.bot`: its heuristic bot.
- :mod:`.content`: what its deck files hold and what its decks need; :mod:`.kinds`: its own effect kinds.
"""

from twentystrong.kits.hoplomachus_victorum.options import HERO_DRAW, OPTIONS
from twentystrong.kits.kit import DeckKit

KIT = DeckKit(
    id="hoplomachus-victorum",
    name="Hoplomachus Victorum",
    rules="twentystrong.kits.hoplomachus_victorum.rules:RULESET",
    board="twentystrong.kits.hoplomachus_victorum.board",
    bot="twentystrong.kits.hoplomachus_victorum.bot:VictorumBot",
    ladder="twentystrong.kits.hoplomachus_victorum.ladder:LADDER",
    primer="twentystrong.kits.hoplomachus_victorum.primer:primer",
    cards="twentystrong.kits.hoplomachus_victorum.cards:CARDS",
    bench="twentystrong.kits.hoplomachus_victorum.bench:write_deck",
    sim="twentystrong.kits.hoplomachus_victorum.sim:SIM",
    options=OPTIONS,
    setup_check="twentystrong.kits.hoplomachus_victorum.options:check",
    content="twentystrong.kits.hoplomachus_victorum.tables:CONTENT",
    # k-widgets
    hero_draw=HERO_DRAW,
)
"""This deck's kit (registered in ``pyproject.toml`` under ``twentystrong.rulesets``)."""
