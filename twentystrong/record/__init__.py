"""The player's record: every finished game, kept in SQLite in the user data directory (issue 21).

- :mod:`~twentystrong.record.db`: the database file: opening, the schema and its migrations, two instances at
  once, and a damaged file set aside (never deleted).
- :mod:`~twentystrong.record.entry`: what is kept of a finished game (its figures and its full event log).
- :mod:`~twentystrong.record.games`: adding a game (and moving the deck's ladder), reading games back.
- :mod:`~twentystrong.record.ladder`: each deck's difficulty ladder (Solar Sentinels: ranks 1–6).
- :mod:`~twentystrong.record.summary`: the statistics (``twentystrong stats``, the Statistics screen).
- :mod:`~twentystrong.record.daily`: the daily challenge (seed and hero from the UTC date).
- :mod:`~twentystrong.record.replay`: a recorded game as a read-only session, from its first event to its last.

Pure Python: never imports textual or rich (architecture.md contract 1). Nothing here is imported while a game
starts: the front ends import it when a game ends or a statistics view opens.
"""
