"""The seeded generator: reproducible, independent per chance event, unbiased enough for games."""

from collections import Counter

import pytest

from fathom.core.rng import Rng


def test_same_seed_same_stream_and_different_seed_differs():
    a, b, c = Rng(42), Rng(42), Rng(43)
    stream_a = [a.next64() for _ in range(5)]
    assert stream_a == [b.next64() for _ in range(5)]
    assert stream_a != [c.next64() for _ in range(5)]


def test_for_key_depends_on_seed_and_counter_only():
    assert Rng.for_key(7, 3).next64() == Rng.for_key(7, 3).next64()
    assert Rng.for_key(7, 3).next64() != Rng.for_key(7, 4).next64()
    assert Rng.for_key(7, 3).next64() != Rng.for_key(8, 3).next64()


def test_randbelow_stays_in_range_and_covers_it():
    rng = Rng(1)
    seen = Counter(rng.randbelow(6) for _ in range(6000))
    assert set(seen) == set(range(6))
    assert all(800 < n < 1200 for n in seen.values())


def test_weighted_index_follows_integer_weights():
    rng = Rng(5)
    seen = Counter(rng.weighted_index([1, 0, 3]) for _ in range(8000))
    assert seen[1] == 0
    assert 0.7 < seen[2] / 8000 < 0.8


def test_randbelow_rejects_empty_range():
    with pytest.raises(ValueError, match="positive"):
        Rng(0).randbelow(0)


def test_shuffle_is_a_permutation_and_seeded():
    items = list(range(20))
    a, b = items[:], items[:]
    Rng(9).shuffle(a)
    Rng(9).shuffle(b)
    assert a == b and sorted(a) == items and a != items
