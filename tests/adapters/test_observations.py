"""The observation encoders: fixed shapes, values in [0, 1], nothing a seat cannot see, the
action mask, fields that tile the vector and decode back to the views, and the docs."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import moonbase
from moonbase.adapters.observations import (
    Encoder,
    action_mask,
    encoder_for,
    encoder_names,
)
from moonbase.adapters.observations.document import render_blocks, stale_blocks
from moonbase.core import game_class
from moonbase.core.chance import CHANCE
from moonbase.core.game import Game, State

DOCS = Path(__file__).resolve().parents[2] / "docs" / "observations.md"

CASES = [
    pytest.param(name, preset, id=f"{name}-{preset}")
    for name in encoder_names()
    for preset in game_class(name).presets
]
SEEDS = {"welcome-to-the-moon": range(1)}
"""Seeds per preset (Welcome to the Moon has many presets and long games)."""
STEPS = {"welcome-to-the-moon": 10}
"""States checked per playout, spread over the game (60 unless listed)."""


def playout(game: Game, seed: int, chance: str = "auto") -> Iterator[State[Any]]:
    """The states of a random playout (chance resolved by the seed, or drawn by ``rng``), about
    ``STEPS`` of them spread over the game, the last one over."""
    rng = random.Random(seed)
    state = game.new(seed=seed, chance=chance)  # type: ignore[arg-type]
    every = max(1, game.max_history // (STEPS.get(game.name, 60) * 8))
    step = 0
    while not state.is_over:
        if step % every == 0:
            yield state.clone()
        step += 1
        if state.is_chance:
            outcomes, weights = zip(*state.chance_ids(), strict=True)
            state.apply_id(CHANCE, rng.choices(outcomes, weights)[0])
            continue
        seat = rng.choice(state.to_act)
        state.apply_id(seat, rng.choice(state.legal_ids(seat)))
    yield state


def states(name: str, preset: str) -> Iterator[State[Any]]:
    game = moonbase.load(name, **game_class(name).presets[preset])
    for seed in SEEDS.get(name, range(2)):
        yield from playout(game, seed)
    yield from playout(game, 99, "explicit")


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_shape_range_privacy_and_mask_hold_over_whole_games(name: str, preset: str) -> None:
    game = moonbase.load(name, **game_class(name).presets[preset])
    encoder = encoder_for(game)
    rng = random.Random(7)
    checked = 0
    for state in states(name, preset):
        public = encoder.public(state)
        assert public.shape == (encoder.public_size,)
        assert public.dtype == np.float32
        for seat in range(game.seats):
            observation = encoder.observe(state, seat)
            assert observation.shape == (encoder.size,)
            assert observation.dtype == np.float32
            assert observation.min() >= 0.0, encoder_name_of(encoder, observation.argmin())
            assert observation.max() <= 1.0, encoder_name_of(encoder, observation.argmax())
            assert np.array_equal(observation[: encoder.public_size], public)
            private = encoder.private(state, seat)
            assert private.shape == (encoder.private_size,)
            assert np.array_equal(observation[encoder.public_size :], private)
            redrawn = state.resample(seat, rng)
            assert np.array_equal(encoder.public(redrawn), public)
            assert np.array_equal(encoder.private(redrawn, seat), private)
            mask = action_mask(state, seat)
            assert mask.dtype == np.int8
            assert mask.shape == (game.num_actions,)
            assert mask.nonzero()[0].tolist() == state.legal_ids(seat)
        checked += 1
    assert checked > 2


def encoder_name_of(encoder: Encoder, index: int) -> str:
    """The field holding entry ``index`` (for failure messages)."""
    for field in encoder.fields():
        if field.offset <= index < field.end:
            return f"entry {index} is in field {field.name}"
    return f"entry {index} is in no field"


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_fields_tile_the_vector_public_first(name: str, preset: str) -> None:
    encoder = encoder_for(moonbase.load(name, **game_class(name).presets[preset]))
    fields = encoder.fields()
    at = 0
    for field in fields:
        assert field.offset == at, field
        assert field.size > 0, field
        assert field.meaning, field
        at = field.end
    assert at == encoder.size == encoder.public_size + encoder.private_size
    parts = [field.part for field in fields]
    assert parts == sorted(parts, key=["public", "private"].index)
    assert sum(f.size for f in fields if f.part == "public") == encoder.public_size
    assert len({field.name for field in fields}) == len(fields)


@pytest.mark.parametrize("name", encoder_names())
def test_public_part_differs_between_states(name: str) -> None:
    """The encoding moves with the game: the first and last states of a playout differ."""
    game = moonbase.load(name)
    encoder = encoder_for(game)
    seen = list(playout(game, 3))
    assert not np.array_equal(encoder.public(seen[0]), encoder.public(seen[-1]))


@pytest.mark.parametrize(
    ("name", "preset", "keys"),
    [
        ("moon", "competitive-2", ("goal", "peeked")),
        ("moons", "4p", ("hand", "minis")),
        ("welcome-to-the-moon", "a1-4p", ("sheet", "pending", "choice")),
    ],
)
def test_private_parts_differ_where_the_views_do(
    name: str, preset: str, keys: tuple[str, ...]
) -> None:
    """The private part carries what a seat's view adds: two seats whose views differ in
    what only they see (``keys``) get different private parts, their seat fields aside."""
    game = moonbase.load(name, **game_class(name).presets[preset])
    encoder = encoder_for(game)
    seat_field = encoder.field("seat")
    others = np.ones(encoder.private_size, dtype=bool)
    start = seat_field.offset - encoder.public_size
    others[start : start + seat_field.size] = False
    compared = 0
    for state in states(name, preset):
        views = [state.view(seat) for seat in range(game.seats)]
        for seat in range(1, game.seats):
            if any(views[0][key] != views[seat][key] for key in keys):
                left = encoder.private(state, 0)[others]
                right = encoder.private(state, seat)[others]
                assert not np.array_equal(left, right), (state.history[-1:], seat)
                compared += 1
    assert compared > 0


# ------------------------------------------------------------------ decoding, per game
def scaled_back(value: float, low: float, high: float) -> float:
    return low + float(value) * (high - low)


@pytest.mark.parametrize("preset", list(game_class("moon-leap").presets))
def test_moon_leap_fields_decode_to_the_view(preset: str) -> None:
    game = moonbase.load("moon-leap", **game_class("moon-leap").presets[preset])
    encoder = encoder_for(game)
    seats = game.seats
    for state in states("moon-leap", preset):
        view = state.view(None)
        spaces = len(view["track"])
        observation = encoder.observe(state, seats - 1)
        places = encoder.slice(observation, "token_space").reshape(seats, 5, spaces + 1)
        assert (places.sum(axis=2) == 1).all()
        for square in view["track"]:
            token = square["token"]
            if token is not None:
                assert places[token["seat"], token["number"] - 1].argmax() == square["space"]
        for seat, reserve in enumerate(view["reserve"]):
            in_reserve = [n + 1 for n in range(5) if places[seat, n, 0] == 1]
            assert in_reserve == sorted(reserve)
        owners = encoder.slice(observation, "track_owner").reshape(seats, spaces)
        for square in view["track"]:
            token = square["token"]
            column = owners[:, square["space"] - 1]
            expected = [0.0] * seats
            if token is not None:
                expected[token["seat"]] = 1.0
            assert column.tolist() == expected
        values = [square["value"] for square in view["track"]]
        decoded = encoder.slice(observation, "space_value")
        back = [scaled_back(v, min(values), max(values)) for v in decoded]
        assert np.allclose(back, values, atol=1e-4)
        roll = encoder.slice(observation, "roll").tolist()
        faces = [None, "1", "2", "3", "4", "5", "*"]
        assert roll.count(1.0) == 1
        assert faces[roll.index(1.0)] == view["roll"]
        assert encoder.slice(observation, "barrier").argmax() + 1 == view["barrier"]
        low = 15 * min(-5, *values)
        high = 15 * max(-5, *values)
        scores = [scaled_back(v, low, high) for v in encoder.slice(observation, "scores")]
        assert np.allclose(scores, view["scores"], atol=1e-3)
        assert encoder.slice(observation, "turn").argmax() == view["turn"]
        to_act = encoder.slice(observation, "to_act")
        assert [i for i in range(seats + 1) if to_act[i]] == [
            seats if s == CHANCE else s for s in view["to_act"]
        ]
        assert encoder.slice(observation, "over")[0] == float(view["over"])
        winners = encoder.slice(observation, "winners")
        assert winners.nonzero()[0].tolist() == view["winners"]
        assert encoder.slice(observation, "seat").tolist() == [0.0] * (seats - 1) + [1.0]


def bits_back(part: np.ndarray, width: int) -> str | None:
    """A word (bits, then value one-hot) decoded to its bit string; ``None`` if all zero."""
    if not part.any():
        return None
    text = "".join("1" if bit else "0" for bit in part[:width])
    assert part[width:].tolist().index(1.0) == int(text, 2), "bits and one-hot agree"
    assert part[width:].sum() == 1
    return text


@pytest.mark.parametrize(
    "preset", ["coop-easy", "coop-wide", "competitive-3-hackers", "competitive-4-wide"]
)
def test_moon_fields_decode_to_the_view(preset: str) -> None:
    game = moonbase.load("moon", **game_class("moon").presets[preset])
    encoder = encoder_for(game)
    width = game.option("width", int)
    cell = width + (1 << width)
    competitive = game.options["mode"] == "competitive"
    for state in states("moon", preset):
        public_view = state.view(None)
        vector = encoder.observe(state, 0)
        registers = encoder.slice(vector, "registers").reshape(4, cell)
        assert {
            name: bits_back(registers[i], width) for i, name in enumerate("ABCD")
        } == public_view["registers"]
        phases = ["draw", "play", "repair", "over"]
        assert phases[int(encoder.slice(vector, "phase").argmax())] == public_view["phase"]
        energy = scaled_back(encoder.slice(vector, "energy")[0], 0, game.option("energy", float))
        assert energy == pytest.approx(public_view["energy"])
        costs = encoder.slice(vector, "costs")
        for cost, name in zip(costs, game.option("operations", tuple), strict=True):
            assert scaled_back(cost, 0, 2.0) == pytest.approx(public_view["costs"][name])
        if not competitive:
            slots = encoder.slice(vector, "slots").reshape(4, -1)
            for slot, row in zip(public_view["slots"], slots, strict=True):
                kinds = [None, "BUG", "hidden", "up"]
                kind = kinds[int(row[:4].argmax())]
                assert row[:4].sum() == 1
                if kind == "up":
                    assert bits_back(row[4:], width) == slot
                else:
                    assert kind == slot
                    assert not row[4:].any()
            continue
        for seat in range(game.seats):
            view = state.view(seat)
            vector = encoder.observe(state, seat)
            rams = encoder.slice(vector, "rams").reshape(game.seats, cell)
            assert [bits_back(row, width) for row in rams] == view["rams"]
            goal = encoder.slice(vector, "goal")
            assert (None if goal[0] else bits_back(goal[1:], width)) == view["goal"]
            assert bits_back(encoder.slice(vector, "ram"), width) == view["ram"]
            peeked = encoder.slice(vector, "peeked").reshape(game.seats, 1 + cell)
            assert {
                str(other): bits_back(row[1:], width) for other, row in enumerate(peeked) if row[0]
            } == view["peeked"]
            solved = encoder.slice(vector, "solved_goals").reshape(game.seats, 1 << width)
            assert [
                sorted(format(v, f"0{width}b") for v in row.nonzero()[0].tolist()) for row in solved
            ] == [sorted(goals) for goals in view["solved_goals"]]
            hackers = encoder.slice(vector, "hackers").reshape(game.seats, 5)
            colours = [None, "green", "yellow", "purple", "red"]
            assert [colours[int(row.argmax())] for row in hackers] == view["hackers"]
            assert encoder.slice(vector, "turn").argmax() == view["turn"]


MOONS_CARDS = [f"{s}{r}" for s in "SJNU" for r in range(1, 15)]


def cards_back(plane: np.ndarray, asteroids: int = 4) -> list[str]:
    """A Moons card plane decoded to a sorted list of card names."""
    names = [MOONS_CARDS[i] for i in plane[:56].nonzero()[0].tolist()]
    return sorted(names + ["AST"] * round(float(plane[56]) * asteroids))


@pytest.mark.parametrize("preset", ["3p", "4p-no-minis", "6p"])
def test_moons_fields_decode_to_the_view(preset: str) -> None:
    game = moonbase.load("moons", **game_class("moons").presets[preset])
    encoder = encoder_for(game)
    seats = game.seats
    planets = ["SATURN", "JUPITER", "NEPTUNE", "URANUS"]
    supply = game.options["tokens_per_planet"]
    hands = 0
    for state in states("moons", preset):
        public_view = state.view(None)
        for seat in range(seats):
            view = state.view(seat)
            vector = encoder.observe(state, seat)
            assert cards_back(encoder.slice(vector, "hand")) == sorted(view["hand"])
            hands += len(view["hand"])
            own = encoder.slice(vector, "own_tableau")
            assert cards_back(own) == sorted(view["tableaus"][seat] or [])
            tableaus = encoder.slice(vector, "tableaus").reshape(seats, 57)
            assert [cards_back(row) for row in tableaus] == [
                sorted(t or []) for t in public_view["tableaus"]
            ]
            trick = encoder.slice(vector, "trick").reshape(seats, 57)
            played = {play["seat"]: [play["card"]] for play in view["trick"]}
            assert [cards_back(row, 1) for row in trick] == [
                played.get(other, []) for other in range(seats)
            ]
            tokens = encoder.slice(vector, "tokens").reshape(seats, 4)
            assert [
                {p: round(scaled_back(v, 0, supply)) for p, v in zip(planets, row, strict=True)}
                for row in tokens
            ] == view["tokens"]
            voids = encoder.slice(vector, "voids").reshape(seats, 4)
            assert [[planets[i] for i in row.nonzero()[0].tolist()] for row in voids] == view[
                "voids"
            ]
            known = encoder.slice(vector, "known_in_hand").reshape(seats, 57)
            assert [cards_back(row) for row in known] == [sorted(k) for k in view["known_in_hand"]]
            chosen = encoder.slice(vector, "chosen").tolist()
            assert chosen == [float(c) for c in view["chosen"]]
            led = encoder.slice(vector, "led")
            assert (planets[int(led.argmax())] if led.any() else None) == view["led"]
            phases = ["setup", "deal", "tableau", "trick", "awards", "over"]
            assert phases[int(encoder.slice(vector, "phase").argmax())] == view["phase"]
            if game.options["mini_asteroids"]:
                minis = encoder.slice(vector, "minis")
                assert minis.any() == bool(view["minis"])
    assert hands > 0


def decode_spaces(
    sheet: np.ndarray, game: Game, second: bool = False
) -> dict[str, int | str | None]:
    """The number spaces of an encoded Welcome to the Moon sheet, as the view's ``spaces``
    (``second``: those of a second battlefield with the same names, solo adventure 8's
    ASTRA battlefield)."""
    from moonbase.games.welcome_to_the_moon.layout import Kind

    layout = game.sheet_layout()  # type: ignore[attr-defined]
    battle = game.options["adventure"] == 8
    per_space = 2 if battle else 4 if game.options["adventure"] == 6 else 3
    spaces: dict[str, int | str | None] = {}
    again: dict[str, int | str | None] = {}
    at = 0
    for slot in sorted(layout.slots):
        spot = layout.spot(slot)
        if spot.kind is not Kind.SPACE:
            at += 2
            continue
        entries = sheet[at : at + per_space].tolist()
        at += per_space
        if battle:  # the side that drew there: 1, 2 (3: both)
            (again if spot.name in spaces else spaces)[spot.name] = (
                int(entries[0] + 2 * entries[1]) or None
            )
            continue
        assert sum(1 for e in entries[:1] + entries[2:] if e) <= 1
        if entries[0]:
            spaces[spot.name] = round(entries[1] * 17)
        elif entries[2]:
            spaces[spot.name] = "X"
        elif per_space == 4 and entries[3]:
            spaces[spot.name] = "INFECTED"
        else:
            assert entries[1] == 0
            spaces[spot.name] = None
    return again if second else spaces


def score_back(value: float) -> float:
    return 50.0 * float(np.arctanh(2.0 * np.float64(value) - 1.0))


@pytest.mark.parametrize("preset", ["a1-2p", "a6-3p", "a8-3p", "a2-solo", "a8-solo"])
def test_welcome_fields_decode_to_the_view(preset: str) -> None:
    game = moonbase.load("welcome-to-the-moon", **game_class("welcome-to-the-moon").presets[preset])
    encoder = encoder_for(game)
    seats = game.seats
    actions = ["ROBOT", "WATER", "PLANT", "ENERGY", "ASTRONAUT", "PLANNING"]
    written = chosen = 0
    for state in states("welcome-to-the-moon", preset):
        for seat in range(seats):
            view = state.view(seat)
            vector = encoder.observe(state, seat)
            sheets = encoder.slice(vector, "sheets").reshape(seats, -1)
            for shown, row in zip(view["sheets"], sheets, strict=True):
                assert decode_spaces(row, game) == shown["spaces"]
                if "astra_battlefield" in shown:
                    astra_spaces = shown["astra_battlefield"]["spaces"]
                    assert decode_spaces(row, game, second=True) == astra_spaces
                written += sum(1 for v in shown["spaces"].values() if v is not None)
                score = encoder.field("sheets").size // seats - 7
                if game.options["adventure"] == 8:
                    score -= 2 + 7 * (2 if seats == 1 else 1)
                    assert row[score + 7 : score + 9].argmax() + 1 == shown["writing_side"]
                assert score_back(row[score]) == pytest.approx(shown["score"], abs=1e-2)
            own = encoder.slice(vector, "sheet")
            assert decode_spaces(own, game) == view["sheet"]["spaces"]
            assert encoder.slice(vector, "writing").argmax() == view.get("writing", seat)
            choice = encoder.slice(vector, "choice")
            assert bool(choice[0]) == (view["choice"] is not None)
            if view["choice"] is not None:
                names = list(dict.fromkeys(decode_spaces(own, game)))
                picked = choice[1 : 1 + len(names)].nonzero()[0].tolist()
                assert [names[i] for i in picked] == [view["choice"]["space"]]
                chosen += 1
            if seats > 1:
                combos = encoder.slice(vector, "combinations").reshape(3, 21)
                for combo, row in zip(view["combinations"], combos, strict=True):
                    number = row[:15].nonzero()[0].tolist()
                    assert [n + 1 for n in number] == (
                        [] if combo["number"] is None else [combo["number"]]
                    )
                    action = row[15:].nonzero()[0].tolist()
                    assert [actions[a] for a in action] == (
                        [] if combo["action"] is None else [combo["action"]]
                    )
            else:
                astra = encoder.slice(vector, "astra")
                assert score_back(astra[-1]) == pytest.approx(view["solo_score"]["total"], abs=0.1)
            phases = ["draw", "effect", "play", "resolve", "over"]
            assert phases[int(encoder.slice(vector, "phase").argmax())] == view["phase"]
    assert written > 0
    assert chosen > 0


# ------------------------------------------------------------------ errors
def test_bad_input_gets_a_clear_error() -> None:
    leap = moonbase.load("moon-leap")
    encoder = encoder_for(leap)
    with pytest.raises(TypeError, match=r"needs a game from moonbase\.load"):
        encoder_for("moon-leap")  # type: ignore[arg-type]
    other = moonbase.load("moon-leap", players=3).new(seed=1)
    with pytest.raises(ValueError, match="sized for Moon Leap with options"):
        encoder.observe(other, 0)
    state = leap.new(seed=1)
    with pytest.raises(ValueError, match="seat 2 does not exist"):
        encoder.private(state, 2)
    with pytest.raises(ValueError, match="spectator sees only the public part"):
        encoder.observe(state, None)  # type: ignore[arg-type]
    with pytest.raises(KeyError, match="no field 'nothing'; fields: token_space"):
        encoder.field("nothing")
    with pytest.raises(ValueError, match=r"observation has shape \(\d+,\), not \(3,\)"):
        encoder.slice([0.0, 0.0, 0.0], "roll")
    with pytest.raises(ValueError, match="seat 5 does not exist"):
        action_mask(state, 5)
    with pytest.raises(TypeError, match="reads a moonbase state, not dict"):
        action_mask({}, 0)  # type: ignore[arg-type]


# ------------------------------------------------------------------ docs
def test_every_game_has_an_encoder() -> None:
    assert encoder_names() == moonbase.games()


def test_docs_list_every_field_of_every_encoder() -> None:
    text = DOCS.read_text(encoding="utf-8")
    assert stale_blocks(text) == [], (
        "docs/observations.md is out of date: run "
        "`.venv/bin/python -m moonbase.adapters.observations.document docs/observations.md`"
    )
    assert render_blocks(text) == text
    for name in encoder_names():
        assert f"<!-- sizes: {name} -->" in text, name
        assert f"<!-- fields: {name} -->" in text, name
        for options in [{}, *game_class(name).presets.values()]:
            for field in encoder_for(moonbase.load(name, **options)).fields():
                assert f"| `{field.name}` |" in text, (name, options, field.name)
