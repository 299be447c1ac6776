"""The invariants every moonbase game must keep, checked along random playouts.

:func:`check_playout` plays one seeded random game and checks, at every step, everything
DESIGN.md's conformance section lists. The expensive checks (saves, replays, resamples) run on
a spread of steps so long games stay affordable; the cheap ones run at every step.
"""

from __future__ import annotations

import json
import random
import string
from dataclasses import dataclass, field

import pytest

import moonbase
from moonbase.core import CHANCE, Game, State
from tests.conformance.conservation import LAWS

HEAVY_CHECKS = 25
"""At least this many steps of each playout get the expensive checks."""


@dataclass
class PlayoutReport:
    """What one playout saw, for checks across playouts."""

    steps: int = 0
    resamples_varied: bool = False
    hidden_seen: bool = False
    outcomes: list[str] = field(default_factory=list)


def _seats(state: State) -> list[int | None]:
    return [*range(state.game.seats), None]


def _fingerprint(state: State) -> tuple[object, ...]:
    return (state.history, state.summary(), state.to_act)


def check_kind(state: State) -> None:
    """The state is exactly one of over / chance / decision, with coherent legal actions."""
    to_act = state.to_act
    seats = state.game.seats
    assert isinstance(to_act, tuple)
    if state.is_over:
        assert to_act == ()
        assert not state.is_chance
        assert state.chance_outcomes() == []
    elif state.is_chance:
        assert to_act == (CHANCE,)
        outcomes = state.chance_outcomes()
        names = [name for name, _ in outcomes]
        assert outcomes
        assert len(set(names)) == len(names)
        assert all(probability > 0 for _, probability in outcomes)
        assert abs(sum(probability for _, probability in outcomes) - 1) < 1e-9
    else:
        assert to_act == tuple(sorted(set(to_act)))
        assert all(0 <= s < seats for s in to_act)
        assert state.chance_outcomes() == []
    for seat in range(seats):
        legal = state.legal_actions(seat)
        if seat in to_act:
            assert legal, f"seat {seat} must act but has no legal action"
            assert legal == sorted(set(legal)), "legal actions must be sorted and unique"
        else:
            assert legal == []
    assert state.legal_actions(CHANCE) == []
    assert len(state.history) <= state.game.max_history


def check_ids(state: State) -> None:
    """The id API and the text API name the same actions: ``legal_ids`` ascending, each
    printed by ``action_text`` as ``legal_actions`` prints it and read back by ``action_id``;
    chance ids likewise."""
    game = state.game
    for seat in state.to_act:
        if seat == CHANCE:
            ids = state.chance_ids()
            texts = state.chance_outcomes()
            assert [(game.chance_text(i), p) for i, p in ids] == texts
            assert all(
                game.chance_id(text) == i for (i, _), (text, _) in zip(ids, texts, strict=True)
            )
            continue
        legal = state.legal_ids(seat)
        assert legal == sorted(set(legal)), "legal ids must be ascending and unique"
        assert all(type(i) is int and 0 <= i < game.num_actions for i in legal)
        assert [game.action_text(i) for i in legal] == state.legal_actions(seat)
        assert [game.action_id(game.action_text(i)) for i in legal] == legal
    if not state.to_act:
        assert state.chance_ids() == []


MAX_IDS_TRIED = 120
"""Per heavy step and seat, at most this many illegal ids are tried (all when fewer)."""


def check_ids_apply(state: State, rng: random.Random, limit: int = 4) -> None:
    """``apply_id`` and ``apply`` give equal states, and every id outside the legal set (all of
    them in a small universe, a sample in a large one, and ids outside the universe) raises
    IllegalAction with its reason and what is allowed, and changes nothing."""
    game = state.game
    before = _fingerprint(state)
    for seat in state.to_act:
        if seat == CHANCE:
            legal = [i for i, _ in state.chance_ids()]
            size, text = game.num_chance_outcomes, game.chance_text
        else:
            legal = state.legal_ids(seat)
            size, text = game.num_actions, game.action_text
        for action in rng.sample(legal, min(limit, len(legal))):
            by_id, by_text = state.clone(), state.clone()
            by_id.apply_id(seat, action)
            by_text.apply(seat, text(action))
            assert by_id == by_text
        allowed = set(legal)
        if size - len(allowed) <= MAX_IDS_TRIED:
            others = [i for i in range(size) if i not in allowed]
        else:  # a sample, and every id next to a legal one
            drawn = rng.sample(range(size), MAX_IDS_TRIED + len(allowed))
            near = {i + step for i in legal for step in (-1, 1) if 0 <= i + step < size}
            others = sorted({*drawn[:MAX_IDS_TRIED], *near} - allowed)
        for action in [*others, -1, size, True, 1.0, "0"]:
            with pytest.raises(moonbase.IllegalAction) as raised:
                state.apply_id(seat, action)  # type: ignore[arg-type]
            error = raised.value
            assert error.reason and str(error).startswith(error.reason)
            if type(action) is int and 0 <= action < size and action not in allowed:
                expected = [text(i) for i in legal]
                assert list(error.allowed) == expected, "an illegal id names what is allowed"
    assert _fingerprint(state) == before, "an illegal id changed the state"
    for seat in [*range(game.seats), CHANCE]:
        if seat not in state.to_act and game.num_actions:
            with pytest.raises(moonbase.IllegalAction):
                state.apply_id(seat, 0)
    assert _fingerprint(state) == before


def check_fields_declared(state: State) -> None:
    """Every attribute of the state is declared in ``FIELDS`` (so clone and equality see it):
    every declared field is set, and ``clone`` counts the attributes and refuses a state with
    one more than the core's and the declared ones."""
    assert set(type(state).FIELDS) <= set(vars(state))
    state.clone()


def check_rejects_bad_input(state: State, rng: random.Random) -> None:
    """Garbage, wrong seats and other seats' actions raise IllegalAction and change nothing."""
    before = _fingerprint(state)
    to_act = state.to_act
    bad: list[tuple[int, object]] = []
    letters = string.ascii_letters + string.digits + " +-*#"
    for _ in range(4):
        text = "".join(rng.choice(letters) for _ in range(rng.randint(0, 12)))
        bad.extend((seat, text) for seat in (to_act or (0,)))
    bad.extend([(to_act[0] if to_act else 0, ""), (to_act[0] if to_act else 0, "  ")])
    bad.append((to_act[0] if to_act else 0, 42))
    bad.append((state.game.seats + 3, "END"))
    actor_moves = []
    for seat in to_act:
        actor_moves = state.legal_actions(seat) or [name for name, _ in state.chance_outcomes()]
        if actor_moves:
            action = rng.choice(actor_moves)
            for other in [*range(state.game.seats), CHANCE]:
                if other in to_act:
                    continue
                bad.append((other, action))
    for seat in to_act:
        if seat == CHANCE:
            continue
        mine = set(state.legal_actions(seat))
        for other in to_act:
            if other != seat:
                bad.extend(
                    (seat, action)
                    for action in state.legal_actions(other)[:3]
                    if action not in mine
                )
    if to_act and to_act != (CHANCE,):
        bad.append((to_act[0], "DRAW 0000"))
        bad.append((to_act[0], rng.choice(actor_moves) + " X") if actor_moves else (0, "X"))
    legal_by_seat = {seat: set(state.legal_actions(seat)) for seat in to_act}
    chance = {name for name, _ in state.chance_outcomes()}
    for seat, action in bad:
        if isinstance(action, str):
            canonical = " ".join(action.upper().split())
            if canonical in legal_by_seat.get(seat, set()) or (
                seat == CHANCE and canonical in chance
            ):
                continue
        with pytest.raises(moonbase.IllegalAction) as raised:
            state.apply(seat, action)  # type: ignore[arg-type]
        assert str(raised.value), "an error must say what was wrong"
        assert _fingerprint(state) == before, f"{action!r} by seat {seat} changed the state"


def check_actions_apply(state: State, rng: random.Random, limit: int = 6) -> None:
    """Legal actions apply (on clones), print canonically, and lenient spellings agree."""
    for seat in state.to_act:
        if seat == CHANCE:
            actions = [name for name, _ in state.chance_outcomes()]
        else:
            actions = state.legal_actions(seat)
        for action in rng.sample(actions, min(limit, len(actions))):
            copy = state.clone()
            copy.apply(seat, action)
            assert copy.history[len(state.history)] == (seat, action), "printing is canonical"
            lenient = state.clone()
            lenient.apply(seat, "  " + action.lower().replace(" ", "  ") + " ")
            assert lenient == copy


def check_clone_and_save(state: State, rng: random.Random) -> None:
    """clone is equal and independent; a save round trip is equal and continues identically."""
    before = state.to_json()
    copy = state.clone()
    assert copy == state
    loaded = moonbase.from_json(before)
    assert loaded == state
    assert loaded.to_json() == before
    assert type(loaded) is type(state)
    if state.to_act:
        seat = state.to_act[0]
        actions = state.legal_actions(seat) or [name for name, _ in state.chance_outcomes()]
        action = rng.choice(actions)
        copy.apply(seat, action)
        loaded.apply(seat, action)
        assert copy == loaded
        assert state.to_json() == before, "a clone shares nothing with its original"


def check_replay(state: State) -> None:
    """Replaying the history from an explicit-chance start reproduces the state."""
    replayed = state.game.new(state.seed, chance="explicit")
    for seat, action in state.history:
        replayed.apply(seat, action)
    assert replayed.summary() == state.summary()
    assert replayed.history == state.history


def check_views_and_resamples(state: State, rng: random.Random, report: PlayoutReport) -> None:
    """Views are JSON-safe; resamples look the same to the seat, share its history and replay
    to themselves (the replay for one seat per call, in turn, to keep long games affordable)."""
    seats = _seats(state)
    replayed = seats[len(state.history) % len(seats)]
    for seat in seats:
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view, "a view must be plain JSON data"
        histories = set()
        samples = []
        for number in range(3):
            sample = state.resample(seat, rng)
            assert sample.view(seat) == view, f"seat {seat} can tell a resample apart"
            assert sample.to_act == state.to_act
            if seat is not None:
                assert sample.legal_actions(seat) == state.legal_actions(seat)
            if number == 0 and seat == replayed:
                check_replay(sample)
            histories.add(tuple(sample.history))
            samples.append(sample)
        check_history_for(state, seat, samples)
        if len(histories) > 1:
            report.resamples_varied = True


def check_history_for(state: State, seat: int | None, samples: list[State]) -> None:
    """``history_for(seat)`` masks every entry a resample may rewrite, never the seat's own,
    keeps who acted, and is the same in every resample (so a masked text tells nothing);
    from an entry on (``start``), it is the same entries."""
    history = state.history
    known = state.history_for(seat)
    assert json.loads(json.dumps(known)) == [list(entry) for entry in known]
    assert [actor for actor, _ in known] == [actor for actor, _ in history], "who acted is known"
    for index, ((actor, action), (_, shown)) in enumerate(zip(history, known, strict=True)):
        if actor == seat:
            assert shown == action, f"seat {seat} is not shown its own action {index}"
    assert state.ply == len(history)
    for start in {0, len(history) // 2, max(len(history) - 3, 0), len(history)}:
        assert state.history_for(seat, start) == known[start:], f"from entry {start}"
    for sample in samples:
        assert sample.history_for(seat) == known, f"seat {seat} can tell a resample's history"
        for index, (entry, original) in enumerate(zip(sample.history, history, strict=True)):
            if entry != original:
                assert known[index] != original, (
                    f"seat {seat} is shown history entry {index} {original!r}, "
                    f"which a resample rewrites as {entry!r}"
                )


def check_twins_resample_alike(state: State, rng: random.Random, draws: int = 3) -> bool:
    """Two states a seat cannot tell apart resample alike: ``resample(seat, Random(k))`` of a
    state and of a twin dealt differently (a resample of it) are the same state, for every seat
    and spectator. Returns whether some twin differed from the state (the check had teeth)."""
    differed = False
    for seat in _seats(state):
        twin = state.resample(seat, random.Random(rng.getrandbits(32)))
        differed |= twin.summary() != state.summary()
        for _ in range(draws):
            key = rng.getrandbits(32)
            first = state.resample(seat, random.Random(key)).to_json()
            second = twin.resample(seat, random.Random(key)).to_json()
            assert first == second, f"seat {seat}: a twin resamples differently with Random({key})"
    return differed


def check_honest_playout(game: Game, seed: int) -> bool:
    """Play one seeded random game and check at every decision point that twins resample
    alike; returns whether some twin differed from its state."""
    rng = random.Random(seed * 104729 + 1)
    state = game.new(seed)
    differed = False
    while not state.is_over:
        differed |= check_twins_resample_alike(state, rng)
        seat = state.to_act[0] if len(state.to_act) == 1 else rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return differed


def check_end(state: State) -> None:
    """Scores and winners agree at the end."""
    scores = state.scores()
    winners = state.winners()
    assert len(scores) == state.game.seats
    assert all(isinstance(score, float) for score in scores)
    assert winners == sorted(set(winners))
    assert all(0 <= s < state.game.seats for s in winners)
    losers = [scores[s] for s in range(state.game.seats) if s not in winners]
    if winners and losers:
        assert min(scores[s] for s in winners) >= max(losers)


def check_playout(game: Game, seed: int, chance: str, report: PlayoutReport) -> State:
    """Play one random game with every check; return the finished state."""
    rng = random.Random(seed * 7919 + (chance == "explicit"))
    state = game.new(seed, chance=chance)  # type: ignore[arg-type]
    laws = LAWS.get(game.name, [])
    stride = max(1, game.max_history // (HEAVY_CHECKS * 4))
    first = 2 * HEAVY_CHECKS
    step = 0
    check_fields_declared(state)
    while True:
        check_kind(state)
        check_ids(state)
        for law in laws:
            law(state)
        heavy = (step < first and step % 2 == 0) or step % stride == 0 or state.is_over
        if heavy:
            check_rejects_bad_input(state, rng)
            check_actions_apply(state, rng)
            check_ids_apply(state, rng)
            check_clone_and_save(state, rng)
            check_replay(state)
            check_views_and_resamples(state, rng, report)
        if state.is_over:
            break
        seat = state.to_act[0] if len(state.to_act) == 1 else rng.choice(state.to_act)
        if seat == CHANCE:
            outcomes = state.chance_outcomes()
            names = [name for name, _ in outcomes]
            action = rng.choices(names, weights=[p for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        step += 1
        assert step <= game.max_history, "the game outlived its declared bound"
    check_end(state)
    check_fields_declared(state)
    report.steps += step
    return state
