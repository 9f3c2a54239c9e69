"""Deck content: the pydantic model of deck files, the effect vocabulary, loading and validation.

Pure Python: never imports textual or rich (architecture.md contract 1).
"""
