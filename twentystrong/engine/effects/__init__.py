"""Effect handlers: one per effect kind, registered at import (architecture.md contract 7).

Modules are grouped by what the effects touch; importing this package registers them all.
"""

from twentystrong.engine.effects import (  # noqa: F401  (importing registers the handlers)
    apply,
    commit,
    damage,
    dicezone,
    items,
    penalties,
    rewards,
    roll,
    tempo,
)
