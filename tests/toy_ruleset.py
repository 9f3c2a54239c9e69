"""The toy ruleset's rules, for the engine tests (test_toy_ruleset.py): they live in the toy deck package outside
twentystrong (``tests/plugins/toy_deck/toy_deck/rules.py``, whose kit test_plugin_deck.py installs and plays through
every front end). Imported here from its source folder: these tests register the rules by importing them."""

import sys
from pathlib import Path

SOURCE = Path(__file__).resolve().parent / "plugins" / "toy_deck"
if str(SOURCE) not in sys.path:
    sys.path.append(str(SOURCE))

from toy_deck.rules import CAMPS, RULESET_ID, TRAINING, ToyDealt, ToyMoved, toy_deck  # noqa: E402

__all__ = ["CAMPS", "RULESET_ID", "TRAINING", "ToyDealt", "ToyMoved", "toy_deck"]
