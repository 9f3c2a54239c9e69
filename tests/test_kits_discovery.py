"""Deck kits are discovered through their entry points, and the answer is kept while the installed packages stay
the same (a start-up does not read every distribution's metadata again)."""

from __future__ import annotations

import importlib.metadata
from pathlib import Path

import pytest

from twentystrong import kits as kits_module
from twentystrong.content.registry import DATA_DIR_ENV


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path))
    return tmp_path / "cache" / "kits.txt"


def _asked(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Count the times ``importlib.metadata`` is asked (it still answers)."""
    asked: list[str] = []
    real = importlib.metadata.entry_points

    def counting(**kwargs: str) -> importlib.metadata.EntryPoints:
        asked.append(kwargs["group"])
        return real(**kwargs)

    monkeypatch.setattr(importlib.metadata, "entry_points", counting)
    return asked


def test_the_shipped_kits_are_found_through_their_entry_points(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = _asked(monkeypatch)
    points = dict(kits_module._entry_points())
    assert points["solar-sentinels"] == "twentystrong.kits.solar_sentinels:KIT"
    assert points["hoplomachus-victorum"] == "twentystrong.kits.hoplomachus_victorum:KIT"
    assert asked == [kits_module.GROUP] and cache.is_file()


def test_the_answer_is_kept_while_the_installed_packages_stay_the_same(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = kits_module._entry_points()
    asked = _asked(monkeypatch)
    assert kits_module._entry_points() == first
    assert asked == []  # read from the cache
    monkeypatch.syspath_prepend(str(cache.parent.parent))  # another folder to import from: packages may differ
    assert kits_module._entry_points() == first
    assert asked == [kits_module.GROUP]


def test_a_damaged_cache_is_asked_again(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = kits_module._entry_points()
    cache.write_bytes(b"\xff\xfe not a cache")
    asked = _asked(monkeypatch)
    assert kits_module._entry_points() == first and asked == [kits_module.GROUP]
