"""Handlers of damage modifiers and defeat rules: crits or colours dealing 0 or more, caps, immunity, colours needed."""

from __future__ import annotations
