"""Issue 26, "Done when": the odds panel at 120×40 and 80×24 never hides the advice line, with the inventory and the
Tactics area full, in English, German and French.

The positions are the play-testers' own games (``tests/advice_records/``), rebuilt command by command and saved: the
German Victorum game in round 11 (#157: three items, three Tactics and an Opportunity held, three enemies, dice
showing) and the French Solar Sentinels game in round 15 (#251: five items held). The table opens on the save; the
panel's advice line must be shown, its words in the language, and lie wholly inside the screen and inside the side
column's visible part (not scrolled off or clipped).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from textual.widget import Widget

sys.path.insert(0, str(Path(__file__).parent))

from tui_helpers import _patient_letters  # noqa: E402, F401  # autouse

from twentystrong.content.loader import load_shipped  # noqa: E402
from twentystrong.engine import SetupOptions  # noqa: E402
from twentystrong.engine.commands import Command  # noqa: E402
from twentystrong.kits.options import choose  # noqa: E402
from twentystrong.session import Session  # noqa: E402
from twentystrong.tui.app import create_app  # noqa: E402
from twentystrong.tui.widgets.odds import OddsPanel  # noqa: E402

RECORDS = Path(__file__).parent / "advice_records"
ADVICE = {"en": "Advice: ", "de": "Rat: ", "fr": "Conseil : "}


def saved_at(tmp_path: Path, name: str, n: int) -> Path:
    """The record's game after its first ``n`` commands, saved."""
    doc = json.loads((RECORDS / f"{name}.json").read_text())
    deck = load_shipped(doc["deck"])
    options = SetupOptions(doc["deck"], doc["hero"], doc["seed"], doc["assisted"], choices=choose(doc["choices"]))
    session = Session.new(deck, options)
    assert doc["commands"][0] == {"cmd": "start"}
    for raw in doc["commands"][1:n]:
        command = Command.from_dict(raw)
        assert isinstance(command, Command)
        assert not isinstance(session.dispatch(command), str)
    s = session.state
    assert s.step == "apply" and s.prompt is None and any(d.face in ("hit", "crit") for d in s.dice_in("active"))
    path = tmp_path / "game.toml"
    session.save(path)
    return path


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
@pytest.mark.parametrize(("name", "n"), [("german-hv-218031", 157), ("french-ss-corona-299453", 251)])
async def test_the_advice_line_is_never_hidden(
    tmp_path: Path, name: str, n: int, size: tuple[int, int], lang: str
) -> None:
    from twentystrong import i18n

    path = saved_at(tmp_path, name, n)
    i18n.set_language(lang)
    app = create_app(load=path, hints=False)
    async with app.run_test(size=size) as pilot:
        for _ in range(4):
            await pilot.pause()
            await app.workers.wait_for_complete()
        await pilot.pause()
        held = app.store.state if app.store is not None else None
        assert held is not None and (len(held.inventory) >= 3)
        panel = app.screen.query_one(OddsPanel)
        assert panel.display
        line = panel.query_one("#odds-advice")
        assert line.display and not line.has_class("-empty")
        text = " ".join(str(line.render()).split())
        assert text.startswith(ADVICE[lang].strip()), text
        region = line.region
        assert region.height >= 1 and region.width >= 20
        assert app.screen.region.contains_region(region), (region, app.screen.region)
        # Inside every container it sits in, and inside the visible part of any that scrolls: not scrolled off the
        # side column, not clipped.
        for ancestor in line.ancestors_with_self[1:]:
            if not isinstance(ancestor, Widget):
                continue
            assert ancestor.region.contains_region(region), (ancestor, ancestor.region, region)
            if ancestor.is_scrollable:
                assert ancestor.scrollable_content_region.contains_region(region), (ancestor, region)
