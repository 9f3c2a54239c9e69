"""Deck content: the model of deck files (validated by pydantic), the effect vocabulary, loading and validation.

Pure Python: never imports textual or rich (architecture.md contract 1).
"""
