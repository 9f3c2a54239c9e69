"""twentystrong: 20 Strong, the solo dice-and-card game, in a terminal."""

__version__ = "0.1.0"
