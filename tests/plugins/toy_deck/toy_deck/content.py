"""What the toy deck's files hold and what its decks need (:mod:`twentystrong.content.sections`).

The toy deck holds the general tables only: a ``[deck]``, its ``[[hero]]`` tables and the camps' ``[[card]]``
tables (three camps of five, levels 1-3). It adds no table and no effect kind of its own.
"""

from __future__ import annotations

from twentystrong.content.sections import KitContent, Needs

CONTENT = KitContent(
    needs=Needs({"card": (15, " (3 camps of 5)"), "hero": (1, "")}, ("deck", "hero", "card"), (1, 2, 3))
)
"""Named by the toy deck's kit (``content``)."""
