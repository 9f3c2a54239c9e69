"""``twentystrong replay ID``: the App opened straight on a recorded game's replay; closing it quits."""

from __future__ import annotations

from twentystrong.record.games import GameRow
from twentystrong.session.session import Session
from twentystrong.tui.app import TwentyStrongApp
from twentystrong.tui.store import Launch


class ReplayApp(TwentyStrongApp):
    """The replay of one recorded game, and nothing else."""

    def __init__(self, row: GameRow, session: Session, *, note: str | None = None) -> None:
        super().__init__(Launch(message=note or ""))
        self.row = row
        self.replayed = session

    def _first_screen(self) -> None:
        from twentystrong.tui.screens.replay import ReplayScreen

        self.push_screen(ReplayScreen(self.row, self.replayed), lambda _: self.exit())
        if self.launch.message:
            self.notify(self.launch.message, severity="warning", timeout=10)
        self._guarding = True
        self._guard_size(*self.size)
