"""The match runner: rotation, parallel play, shared wins and intervals."""

from __future__ import annotations

import importlib
import io
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

import moonbase
from moonbase.agents import InvalidAgent, match
from moonbase.agents.match import EntryResult, GameRecord, _summarise, seating_for
from moonbase.agents.stats import mean_interval, wilson
from tests.agents.helpers import GAMES


def test_processes_play_exactly_what_one_process_plays() -> None:
    game = GAMES["moon-leap"]
    alone = match(game, ["greedy", "random"], games=6, seed=4, workers=1)
    parallel = match(game, ["greedy", "random"], games=6, seed=4, workers=2)
    assert [r.winners for r in alone.records] == [r.winners for r in parallel.records]
    assert [r.scores for r in alone.records] == [r.scores for r in parallel.records]
    # the same results, whatever the order the games finished in (the times differ)
    assert [_untimed(e) for e in alone.entries] == [_untimed(e) for e in parallel.entries]


def _untimed(entry: EntryResult) -> EntryResult:
    return replace(entry, move_seconds=0.0, slow_move_seconds=0.0)


def test_moves_with_a_choice_are_timed_per_agent() -> None:
    game = GAMES["moon-leap"]
    result = match(game, ["mcts:iterations=5", "random"], games=2, seed=1, workers=1)
    for record in result.records:
        assert len(record.think) == 2
        assert record.think[0] and all(seconds > 0 for seconds in record.think[0])
    mcts, rand = result.entries
    assert mcts.slow_move_seconds >= mcts.move_seconds > 0
    assert rand.move_seconds < mcts.move_seconds  # random does not search


def test_every_deal_is_played_from_every_seat() -> None:
    game = GAMES["moons"]
    result = match(game, ["random", "greedy", "random"], games=6, workers=1)
    deals = {record.seed for record in result.records}
    assert deals == {0, 1}
    for deal in deals:
        seats_of_greedy = {r.seat_of(1) for r in result.records if r.seed == deal}
        assert seats_of_greedy == {0, 1, 2}
    assert [entry.label for entry in result.entries] == ["random #1", "greedy", "random #3"]


def test_a_shared_win_counts_a_part_to_each() -> None:
    records = [
        GameRecord(0, 0, (0, 1), (5.0, 5.0), (0, 1), 9, 0.0),  # a tie: half a win each
        GameRecord(1, 0, (1, 0), (7.0, 3.0), (0,), 9, 0.0),  # agent 1 in seat 0 wins
    ]
    first, second = _summarise(["random", "greedy"], records)
    assert (first.wins, first.sole_wins, first.shared_wins) == (0.5, 0, 1)
    assert (second.wins, second.sole_wins, second.shared_wins) == (1.5, 1, 1)
    assert first.win_rate + second.win_rate == 1.0
    assert second.mean_score == 6.0


def test_cooperative_matches_count_the_crew_s_wins() -> None:
    result = match(moonbase.load("moon", difficulty="hard"), ["planner"], games=2, workers=1)
    (entry,) = result.entries
    assert entry.wins == 2 and entry.win_low > 0.3 and entry.win_high == 1.0
    assert "planner" in result.table()


def test_bad_matches_are_refused_before_playing() -> None:
    with pytest.raises(ValueError, match="has 2 seats"):
        match(GAMES["moon-leap"], ["random"], games=2)
    with pytest.raises(InvalidAgent):
        match(GAMES["moon-leap"], ["random", "genius"], games=2)


def test_progress_bar_goes_to_standard_error(capsys: pytest.CaptureFixture[str]) -> None:
    match(GAMES["moon-leap"], ["random", "random"], games=2, workers=1, progress=True)
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "moon-leap" in captured.err


def test_seating_rotates() -> None:
    assert [seating_for(n, 2) for n in range(3)] == [(0, 1), (1, 0), (0, 1)]


def test_intervals() -> None:
    low, high = wilson(50, 100)
    assert low < 0.5 < high and abs((0.5 - low) - (high - 0.5)) < 1e-9
    assert wilson(0, 0) == (0.0, 1.0)
    mean, low, high = mean_interval([2.0, 4.0, 6.0, 8.0])
    assert mean == 5.0 and low < 5.0 < high


def test_the_progress_bar_tells_the_rate_and_time_left_from_the_first_game() -> None:
    from rich.console import Console
    from rich.progress import Progress

    from moonbase.agents.match import _columns

    clock = [100.0]
    progress = Progress(*_columns(), console=Console(file=io.StringIO()), get_time=lambda: clock[0])
    task = progress.add_task("moon-leap: greedy vs random", total=10)
    (shown,) = progress.tasks

    def text() -> str:
        return " ".join(str(column(shown)) for column in progress.columns[2:] if column is not None)

    assert "0/10" in text() and "left –:––" in text()
    clock[0] += 4.0
    progress.advance(task)  # the first game took 4 seconds
    assert "1/10" in text() and "4.0 s/game" in text() and "left 0:36" in text()
    clock[0] += 1.0
    progress.advance(task, 4)
    assert "5/10" in text() and "1.00 games/s" in text() and "left 0:05" in text()


def test_an_interrupted_match_keeps_the_games_it_finished(monkeypatch: pytest.MonkeyPatch) -> None:
    match_module = importlib.import_module("moonbase.agents.match")
    played: list[GameRecord] = []
    real = match_module.play_record

    def play_then_interrupt(*args: object, **kwargs: object) -> GameRecord:
        if len(played) == 3:
            raise KeyboardInterrupt
        record = real(*args, **kwargs)  # type: ignore[arg-type]
        played.append(record)
        return record

    monkeypatch.setattr(match_module, "play_record", play_then_interrupt)
    with pytest.raises(match_module.MatchInterrupted) as stopped:
        match(GAMES["moon-leap"], ["greedy", "random"], games=10, workers=1)
    partial = stopped.value.partial
    assert partial.interrupted and (len(partial.records), partial.planned) == (3, 10)
    assert [entry.games for entry in partial.entries] == [3, 3]
    assert isinstance(stopped.value, KeyboardInterrupt), "callers that catch Ctrl-C still do"


@given(st.lists(st.integers(-3, 3), min_size=2, max_size=6))
def test_outscoring_shares_each_pair_between_its_two_seats(scores: list[int]) -> None:
    # every pair of seats gives one point, to the higher score or half to each on a tie
    seats = len(scores)
    record = GameRecord(0, 1, tuple(range(seats)), tuple(map(float, scores)), (0,), 10, 0.1)
    parts = [record.outscored(entry) for entry in range(seats)]
    assert sum(parts) * (seats - 1) == pytest.approx(seats * (seats - 1) / 2)
    top = max(scores)
    for entry, part in enumerate(parts):
        beaten = sum(1 for score in scores if score < scores[entry])
        tied = scores.count(scores[entry]) - 1
        assert part == pytest.approx((beaten + tied / 2) / (seats - 1))
        assert (part == 1.0) == (scores[entry] == top and tied == 0)
