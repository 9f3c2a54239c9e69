"""Handlers of commit restrictions: colours that cannot be committed, commit limits, all-of-a-colour commits."""

from __future__ import annotations
