"""The toy deck's own setup option: ``training``, how many dice start in the training grounds (0-8, default 8).

Declared as data for options-as-data (:mod:`twentystrong.kits.options`, branch ``i28-options``): one
:class:`DeckOption` gives the flag of ``play``/``headless``/``simulate``, the setup screen's control, the save's
setup record. This is the only file of the toy deck that knows that API; until it is on twentystrong's main the
option is declared nowhere (:data:`OPTIONS` is empty) and the game plays its default.
"""

from __future__ import annotations

from typing import Any

TRAINING_DEFAULT = 8
"""Dice in the training grounds at the start, unless the option says fewer."""

try:
    from twentystrong.kits.options import DeckOption
except ImportError:  # twentystrong before options as data: no option of a deck's own can be declared
    OPTIONS: tuple[Any, ...] = ()
else:
    OPTIONS = (
        DeckOption(
            name="training",
            kind="range",
            label="Training",
            help=f"dice that start in the training grounds (default: {TRAINING_DEFAULT})",
            default=TRAINING_DEFAULT,
            low=0,
            high=TRAINING_DEFAULT,
            metavar="N",
            words=lambda n: f"{n} dice in the training grounds",
            tooltip="The dice you can recruit from the training grounds at the start.",
            shown="training {}",
        ),
    )
"""The toy deck's setup options (its kit's ``options``)."""


def training_dice(options: Any) -> int:
    """How many dice start in the training grounds in a game set up with ``options`` (a ``SetupOptions``)."""
    if not OPTIONS:
        return TRAINING_DEFAULT
    return int(OPTIONS[0].number(options))
