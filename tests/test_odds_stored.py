"""The shipped plain-model table: current, equal to the computation, used lazily, and ignored when absent or stale."""

from __future__ import annotations

import random
from array import array
from collections.abc import Iterator
from pathlib import Path

import pytest

from twentystrong.odds import PLAIN, DiceCounts, best_apply, kill_probabilities, kill_probability, rerolls, stored
from twentystrong.odds.rerolls import clear_cache, stored_table_loaded, without_stored_table


@pytest.fixture(autouse=True)
def _fresh_caches() -> Iterator[None]:
    clear_cache()
    yield
    clear_cache()  # after monkeypatch has restored the path: the next test reads the real table again


def shipped() -> stored.StoredTable:
    table = stored.load()
    assert table is not None, "the shipped table is missing or stale: run scripts/odds_table.py"
    return table


def test_the_shipped_table_is_current_and_small() -> None:
    shipped()
    size = stored.PLAIN_TABLE_PATH.stat().st_size
    assert size == stored.HEADER.size + 8 * stored.PHASES * stored.POOLS * stored.MAX_NEED
    assert size <= 2_000_000
    assert stored.PHASES == rerolls.MAX_PHASES
    assert stored.ROOT == DiceCounts.all().as_tuple() and stored.POOLS == 1250


def random_pool(rng: random.Random) -> tuple[int, ...]:
    return tuple(rng.randint(0, n) for n in stored.ROOT)


def test_a_seeded_sample_of_the_table_matches_the_computation() -> None:
    table = shipped()
    rng = random.Random(2020)
    cases = [(stored.ROOT, 20, 6), (stored.ROOT, 1, 1), ((0, 0, 0, 0, 0), 3, 4), ((0, 0, 0, 0, 1), 2, 6)]
    cases += [(random_pool(rng), rng.randint(1, stored.MAX_NEED), rng.randint(1, stored.PHASES)) for _ in range(200)]
    with without_stored_table():
        kill_probability(DiceCounts.all(), stored.MAX_NEED, phases=stored.PHASES)  # one computed table for all
        for pool, need, phases in cases:
            # One phase is the exact single-roll tail; more phases come from the dynamic programming.
            expected = kill_probability(DiceCounts.from_tuple(pool), need, phases=phases)
            assert table.value(pool, need, phases) == pytest.approx(expected, abs=1e-12), (pool, need, phases)


def test_plain_questions_read_the_table_lazily_and_compute_nothing() -> None:
    assert not rerolls._stored_read  # nothing read before the first question
    assert kill_probability(DiceCounts.all(), 20, phases=6) == shipped().value(stored.ROOT, 20, 6)
    assert rerolls._stored_read and stored_table_loaded()
    kill_probabilities(DiceCounts.parse("Y2,G2,B2,P2,R1"), 12, applied=3, phases=6)
    best_apply({"Y1": "hit", "G1": "crit", "B1": "miss", "P1": "hit", "R1": "hit"}, 9, phases_after=4)
    assert not rerolls._float_tables  # no table was computed


def test_questions_beyond_the_table_are_computed() -> None:
    dice = DiceCounts.parse("Y4,G4,B4")  # can deal 24
    beyond = kill_probability(dice, 22, phases=2)
    assert PLAIN in rerolls._float_tables
    assert 0 < beyond < kill_probability(dice, 20, phases=2)
    assert kill_probability(DiceCounts.parse("G2,R"), 30, phases=6) == 0.0  # beyond the pool's reach: no table
    green = PLAIN.with_bonus(["green"])
    kill_probability(DiceCounts.parse("G2,B1"), 5, phases=3, model=green)
    assert green in rerolls._float_tables


def test_the_computation_takes_over_when_the_table_is_absent(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    table = shipped()
    monkeypatch.setattr(stored, "PLAIN_TABLE_PATH", tmp_path / "missing.bin")
    clear_cache()
    dice = DiceCounts.parse("Y2,G1,B2,P1,R1")
    assert kill_probability(dice, 9, phases=4) == pytest.approx(table.value(dice.as_tuple(), 9, 4), abs=1e-12)
    assert not stored_table_loaded()
    assert PLAIN in rerolls._float_tables


def damaged(data: bytes) -> dict[str, bytes]:
    magic, version, digest, max_need, phases, pools, crc = stored.HEADER.unpack_from(data)
    body = data[stored.HEADER.size :]

    def header(**changes: object) -> bytes:
        fields: dict[str, object] = dict(
            magic=magic, version=version, digest=digest, max_need=max_need, phases=phases, pools=pools, crc=crc
        )
        fields.update(changes)
        return stored.HEADER.pack(*fields.values())

    flipped = bytearray(body)
    flipped[12345] ^= 1
    return {
        "other parameters": header(digest=bytes(32)) + body,
        "other format": header(version=version + 1) + body,
        "not a table": header(magic=b"NOTODDS\x00") + body,
        "corrupt payload": header() + bytes(flipped),
        "truncated": data[:-8],
        "empty": b"",
    }


@pytest.mark.parametrize(
    "damage", ["other parameters", "other format", "not a table", "corrupt payload", "truncated", "empty"]
)
def test_a_stale_or_damaged_table_is_ignored(damage: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    data = stored.PLAIN_TABLE_PATH.read_bytes()
    assert stored.decode(data) is not None
    path = tmp_path / "plain.bin"
    path.write_bytes(damaged(data)[damage])
    assert stored.load(path) is None
    monkeypatch.setattr(stored, "PLAIN_TABLE_PATH", path)
    clear_cache()
    good = stored.decode(data)
    assert good is not None
    dice = DiceCounts.parse("Y1,B2,R1")
    assert kill_probability(dice, 6, phases=3) == pytest.approx(good.value(dice.as_tuple(), 6, 3), abs=1e-12)
    assert not stored_table_loaded()


def test_encode_and_decode_round_trip() -> None:
    values = array("d", (i / 7 for i in range(stored.PHASES * stored.POOLS * stored.MAX_NEED)))
    table = stored.decode(stored.encode(values))
    assert table is not None and table.values == values
    assert table.value((1, 0, 0, 0, 0), 1, 1) == values[stored.pool_index((1, 0, 0, 0, 0)) * stored.MAX_NEED]
    with pytest.raises(ValueError):
        stored.encode(values[:-1])


def test_the_table_refuses_needs_it_does_not_hold() -> None:
    table = shipped()
    assert table.value(stored.ROOT, 0, 3) == 1.0 and table.value(stored.ROOT, 5, 0) == 0.0
    assert table.value((1, 1, 0, 0, 1), 21, 6) == 0.0  # three dice deal at most 6
    with pytest.raises(ValueError, match="beyond the stored table"):
        table.value(stored.ROOT, 21, 6)
