"""The screens of the TUI: setup, the table and the size guard; the card browser, inventory, history, help and
game-over screens. Each is imported where it is first needed, so starting the App stays quick."""
