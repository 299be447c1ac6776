"""Tournaments: every seating in balance, tables and ratings that find the weak agent, solo
games without ratings, and the same games whatever the number of workers."""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections import Counter

import pytest

import moonbase
from moonbase.lab import seatings, tournament
from moonbase.lab.ratings import places


def test_every_agent_plays_every_seat_against_every_other_equally_often() -> None:
    game = moonbase.load("moon-leap", players=3)
    result = tournament(game, ["greedy", "random", "greedy", "random"], games=30, workers=1)
    assert len(result.records) == 48  # 30 rounded up to two rounds of the 24 seatings
    assert result.planned == 48 and not result.interrupted
    by_seat = Counter((seat, entry) for r in result.records for seat, entry in enumerate(r.seating))
    assert set(by_seat.values()) == {12}  # 4 agents x 3 seats, each pair 12 times
    deals = Counter(record.seed for record in result.records)
    assert deals == {0: 24, 1: 24}
    assert [standing.games for standing in result.standings] == [36, 36, 36, 36]
    assert sum(standing.wins for standing in result.standings) == pytest.approx(48)


def test_the_random_agent_ranks_last_against_two_greedy_ones() -> None:
    game = moonbase.load("moon-leap")
    result = tournament(game, ["greedy", "random", "greedy"], games=240, seed=5, workers=2)
    ranking = result.ranking()
    assert ranking[-1].label == "random"
    random = result.standings[1]
    assert random.rating is not None
    for greedy in (result.standings[0], result.standings[2]):
        assert greedy.rating is not None
        assert random.win_high < greedy.win_rate
        assert random.rating.mu < greedy.rating.mu
        assert random.mean_score < greedy.mean_score
        assert greedy.move_seconds > 0
    assert all(s.rating is not None and s.rating.sigma < 25 / 3 for s in result.standings)
    assert result.rated


def test_the_same_seeds_give_the_same_games_in_one_process_or_two() -> None:
    game = moonbase.load("moons", players=3)
    one = tournament(game, ["greedy", "random", "random"], games=6, seed=3, workers=1)
    two = tournament(game, ["greedy", "random", "random"], games=6, seed=3, workers=2)
    assert _games(one.records) == _games(two.records)
    assert one.rows(timings=False) == two.rows(timings=False)
    assert len({record.scores for record in one.records}) > 1


def test_a_solo_game_gives_win_rates_and_score_quartiles_but_no_ratings() -> None:
    game = moonbase.load("moon", difficulty="normal")
    result = tournament(game, ["random", "planner"], games=8, workers=1)
    assert not result.rated
    random, planner = result.standings
    assert random.rating is None and planner.rating is None
    assert random.games == planner.games == 4
    assert planner.win_rate > random.win_rate
    assert result.ranking()[0].label == "planner"
    low, _, median, _, high = random.quartiles
    scores = sorted(r.scores[0] for r in result.records if r.seating == (0,))
    assert (low, high) == (scores[0], scores[-1])
    assert low <= median <= high
    assert "rating_mu" not in result.rows()[0]


def test_places_put_winners_first_then_scores() -> None:
    game = moonbase.load("moon-leap", players=4)
    result = tournament(game, ["greedy", "random", "random", "random"], games=24, workers=2)
    for record in result.records:
        ranks = places(record)
        for seat in record.winners:
            assert ranks[seat] == 1
        for seat, score in enumerate(record.scores):
            if seat not in record.winners:
                assert ranks[seat] > 1
                better = [s for s in range(4) if record.scores[s] > score]
                assert all(ranks[s] < ranks[seat] for s in better)


def test_bad_settings_are_refused_with_what_is_allowed() -> None:
    game = moonbase.load("moon-leap", players=3)
    with pytest.raises(ValueError, match="2 agents cannot fill 3 seats"):
        tournament(game, ["greedy", "random"], games=1)
    with pytest.raises(ValueError, match="allowed: local, dask://HOST:PORT"):
        tournament(game, ["greedy", "random", "random"], games=1, executor="threads")
    with pytest.raises(ValueError, match="workers is for the local executor"):
        tournament(
            game, ["greedy", "random", "random"], games=1, executor="dask://127.0.0.1:18649",
            workers=2,
        )  # fmt: skip
    with pytest.raises(ValueError, match="games must be at least 1"):
        tournament(game, ["greedy", "random", "random"], games=0)
    with pytest.raises(ValueError, match="agent 'mcts': parameter iterations"):
        tournament(game, ["greedy", "random", "mcts:iterations=ten"], games=1)
    assert len(seatings(5, 3)) == 60


def _games(records: object) -> list[tuple[object, ...]]:
    return [
        (r.number, r.seed, r.seating, r.scores, r.winners, r.actions)
        for r in records  # type: ignore[attr-defined]
    ]


_FORKS: list[list[str]] = []
"""Per fork while a test watches (the last list): the threads then alive, by class name."""


def _note_fork() -> None:
    if _FORKS:
        _FORKS[-1].append(
            ",".join(sorted(type(thread).__name__ for thread in threading.enumerate()))
        )


os.register_at_fork(before=_note_fork)


@pytest.mark.skipif(
    multiprocessing.get_context().get_start_method() != "fork", reason="no fork here"
)
def test_local_workers_are_forked_before_the_progress_bar_starts_its_thread() -> None:
    during: set[str] = set()  # the threads alive while games come in, by class name

    def note_threads(record: object) -> None:
        during.update(type(thread).__name__ for thread in threading.enumerate())

    _FORKS.append([])
    try:
        result = tournament(
            moonbase.load("moon-leap"),
            ["greedy", "random"],
            games=4,
            workers=2,
            progress=True,
            on_game=note_threads,
        )
    finally:
        forks = _FORKS.pop()
    assert len(result.records) == 4
    assert "_RefreshThread" in during, during  # the bar's thread, which the forks must precede
    assert len(forks) == 2, forks  # the two workers
    assert not any("_RefreshThread" in threads for threads in forks), forks
