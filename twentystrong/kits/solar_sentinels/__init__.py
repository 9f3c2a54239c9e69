"""Solar Sentinels, the first deck of the rulebook: three face-up stacks, a boss deck, missions and ranks.

- :mod:`.rules`: its rules as a ruleset (pure Python; importing it registers them);
- :mod:`.board`: its board on the table screen (Textual; imported when a game of the deck is first shown);
- :mod:`.bot`: its heuristic bot;
- :mod:`.content`: what its deck files hold and what its decks need; :mod:`.kinds`: its own effect kinds.
"""

from twentystrong.kits.kit import DeckKit
from twentystrong.kits.solar_sentinels.options import OPTIONS

KIT = DeckKit(
    id="solar-sentinels",
    name="Solar Sentinels",
    rules="twentystrong.kits.solar_sentinels.rules:RULESET",
    board="twentystrong.kits.solar_sentinels.board",
    bot="twentystrong.kits.solar_sentinels.bot:SolarSentinelsBot",
    ladder="twentystrong.kits.solar_sentinels.ladder:LADDER",
    primer="twentystrong.kits.solar_sentinels.primer:primer",
    cards="twentystrong.kits.solar_sentinels.cards:CARDS",
    bench="twentystrong.kits.solar_sentinels.bench:write_deck",
    sim="twentystrong.kits.solar_sentinels.sim:SIM",
    options=OPTIONS,
    content="twentystrong.kits.solar_sentinels.tables:CONTENT",
    record="twentystrong.kits.solar_sentinels.record:RECORD",
    profile_keys=("rank",),  # profile.toml's rank, before the record kept the ladder
)
"""This deck's kit (registered in ``pyproject.toml`` under ``twentystrong.rulesets``)."""
