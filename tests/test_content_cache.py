"""The cache of validated shipped decks: same deck as a fresh load, invalidated by any change, never a traceback."""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from twentystrong.content import cache, loader
from twentystrong.content.loader import load_deck, load_shipped
from twentystrong.content.model import ConflictCard, Deck
from twentystrong.content.registry import shipped_deck_dirs

PLAIN = Path(__file__).parent / "decks" / "plain"


@pytest.fixture
def shipped_plain(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the plain deck offered as the shipped deck ``plain``; the in-process cache cleared around it."""
    deck = tmp_path / "plain"
    shutil.copytree(PLAIN, deck)
    monkeypatch.setattr(loader, "shipped_deck_dirs", lambda: {"plain": deck})
    load_shipped.cache_clear()
    yield deck
    load_shipped.cache_clear()


def reload(deck_id: str = "plain") -> Deck:
    """A load as a new process does it (the in-process ``lru_cache`` cleared)."""
    load_shipped.cache_clear()
    return load_shipped(deck_id)


def test_the_cache_lives_under_the_data_directory_in_tests(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(cache.DATA_DIR_ENV, str(tmp_path))
    assert cache.cache_dir() == tmp_path / "cache"


def test_a_cached_load_equals_a_fresh_load(shipped_plain: Path) -> None:
    first = reload()
    assert cache.cache_path("plain").is_file()
    cached = reload()
    assert cached is not first  # read back from the file, not the same object
    assert cached == first == load_deck(shipped_plain, expect_id="plain")
    assert cached.content_hash == first.content_hash


def test_the_shipped_deck_round_trips_through_the_cache() -> None:
    load_shipped.cache_clear()
    fresh = load_deck(shipped_deck_dirs()["solar-sentinels"], expect_id="solar-sentinels")
    assert reload("solar-sentinels") == fresh
    assert reload("solar-sentinels") == fresh  # the second one from the cache file
    load_shipped.cache_clear()


def test_a_changed_file_invalidates_the_cache(shipped_plain: Path) -> None:
    before = reload()
    heroes = shipped_plain / "heroes.toml"
    heroes.write_text(heroes.read_text(encoding="utf-8").replace('name = "Tester"', 'name = "Tested"'), "utf-8")
    after = reload()
    assert after.hero("tester").name == "Tested"
    assert after.content_hash != before.content_hash
    assert reload() == after  # and the cache now holds the new deck


def test_a_broken_deck_is_reported_even_when_an_old_copy_is_cached(shipped_plain: Path) -> None:
    reload()
    heroes = shipped_plain / "heroes.toml"
    heroes.write_text(heroes.read_text(encoding="utf-8") + "\nhealth = 3\n", "utf-8")
    with pytest.raises(loader.DeckError):
        reload()


@pytest.mark.parametrize(
    "content",
    [b"", b"not a pickle", pickle.dumps("a string"), pickle.dumps(("wrong key", None)), b"\x80\x05garbage"],
)
def test_a_corrupt_or_foreign_cache_file_is_ignored_and_replaced(shipped_plain: Path, content: bytes) -> None:
    fresh = reload()
    path = cache.cache_path("plain")
    path.write_bytes(content)
    assert reload() == fresh
    assert path.read_bytes() != content  # rewritten with the validated deck
    assert reload() == fresh


def test_a_cached_deck_for_another_id_is_not_used(shipped_plain: Path) -> None:
    deck = reload()
    key = cache.cache_key(deck.content_hash, "plain")
    assert cache.read("plain", key) == deck
    assert cache.read("plain", cache.cache_key(deck.content_hash, "other")) is None


def test_an_unwritable_cache_is_not_an_error(shipped_plain: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = shipped_plain.parent / "not-a-folder"
    blocker.write_text("a file where the cache folder would go", "utf-8")
    monkeypatch.setenv(cache.DATA_DIR_ENV, str(blocker))
    assert reload() == load_deck(shipped_plain, expect_id="plain")


def test_loading_from_the_cache_does_not_import_pydantic(shipped_plain: Path) -> None:
    reload()  # fills the cache file
    code = (
        "import sys\n"
        "from twentystrong.content import loader\n"
        "from pathlib import Path\n"
        f"loader.shipped_deck_dirs = lambda: {{'plain': Path({str(shipped_plain)!r})}}\n"
        "deck = loader.load_shipped('plain')\n"
        "print(deck.hero('tester').name, 'pydantic' in sys.modules, 'pydantic_core' in sys.modules)\n"
    )
    env = {**os.environ, cache.DATA_DIR_ENV: os.environ[cache.DATA_DIR_ENV]}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["Tester", "False", "False"]


def test_field_docstrings_are_read_for_messages_and_the_schema() -> None:
    from twentystrong.content.explain import field_docs
    from twentystrong.kits.hoplomachus_victorum.content import CampCard

    assert field_docs(ConflictCard)["health"] == "Damage needed to defeat it."
    assert "nothing" not in field_docs(ConflictCard)
    assert field_docs(CampCard)["name"] == "The name shown to the player."  # inherited from ConflictCard


def test_a_cache_file_of_the_old_layout_is_ignored_without_unpickling(shipped_plain: Path) -> None:
    fresh = reload()
    path = cache.cache_path("plain")
    key = cache.cache_key(fresh.content_hash, "plain")
    path.write_bytes(pickle.dumps((key, fresh)))  # format 1: (key, deck) pickled together
    assert cache.read("plain", key) is None
    assert reload() == fresh
    assert cache.read("plain", key) == fresh  # rewritten in the current layout
