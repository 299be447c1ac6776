"""The Welcome to the Moon encoder: every sheet slot by slot from its marks (a number space as
filled / number / X, every other slot as its circled and crossed flags), then scores and
missions, the combinations (or, solo, the cards and ASTRA), the turn and the phase.

The slots are those of the adventure's sheet layout (``game.sheet_layout()``), so the sizes
follow the adventure and the number of players. The public part holds every sheet as the
table sees it (a sheet whose player has acted this turn shows how it was at the start of the
turn); the private part holds the seat's own sheet now, this turn's choice included, its
pending sub-steps and which sheet it writes on (adventure 8).

>>> import moonbase
>>> encoder = welcome_encoder(moonbase.load("welcome-to-the-moon"))
>>> encoder.public_size, encoder.private_size
(851, 450)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from moonbase.adapters.observations.encoder import Encoder, Layout, Vector, Writer, scaled
from moonbase.adapters.observations.planes import (
    flags_of,
    numbers_of,
    one_hot,
    saturated,
    seat_one_hot,
    squashed,
)
from moonbase.core.chance import CHANCE
from moonbase.core.game import Game
from moonbase.games.welcome_to_the_moon.adventures import adventure
from moonbase.games.welcome_to_the_moon.adventures.a8_battle import PLANETS as BATTLE_PLANETS
from moonbase.games.welcome_to_the_moon.adventures.turn import ASTRONAUT_CHANGES
from moonbase.games.welcome_to_the_moon.cards import (
    ACTIONS,
    CARD_TYPES,
    DECK_COUNTS,
    DECK_SIZE,
    PILES,
    SOLO_CARDS,
)
from moonbase.games.welcome_to_the_moon.game import WelcomeGame
from moonbase.games.welcome_to_the_moon.layout import Kind
from moonbase.games.welcome_to_the_moon.missions import LETTERS
from moonbase.games.welcome_to_the_moon.sheet import INFECTED, X

__all__ = ["SCORE_SCALE", "welcome_encoder"]

PHASES = ("draw", "effect", "play", "resolve", "over")
ENDS = ("all-missions", "all-spaces", "last-error", "launch", "astra-rockets", "deck-out")
SCORE_SCALE = 50.0
"""Scores are squashed as ``0.5 + 0.5 * tanh(score / 50)`` (penalties make them negative and
no tight bound is known)."""
NUMBERS = max(number for number, _ in CARD_TYPES)
"""Card numbers run 1 to 15."""
HIGHEST = 17
"""Numbers written on a sheet run 0 to 17 (a card's number changed by an astronaut)."""
SOLO_DECK = DECK_SIZE + len(SOLO_CARDS)
STEP_WORDS = ("CROSS", "PROPAGATE", "SOLO")
"""Sub-steps a sheet can have pending whose word starts no action: an ASTRA effect card's
cross-off (solo), a virus propagation (adventure 6), the solo battle's own steps (adventure 8).
The others are named by the first word of the action that resolves them."""


def welcome_encoder(game: Game) -> Encoder:
    """The encoder for a Welcome to the Moon game, sized by its adventure and players."""
    if not isinstance(game, WelcomeGame):
        raise TypeError(
            f"the Welcome to the Moon encoder needs a Welcome to the Moon game, not {game.title}"
        )
    seats = game.seats
    solo = seats == 1
    rules = adventure(game.adventure)
    sheet_layout = game.sheet_layout()
    slots = sorted(sheet_layout.slots)
    kinds = [sheet_layout.spot(slot).kind for slot in slots]
    infection = game.adventure == 6
    battle = game.adventure == 8
    per_space = 2 if battle else 4 if infection else 3
    spaces = [slot for slot, kind in zip(slots, kinds, strict=True) if kind is Kind.SPACE]
    # Solo adventure 8 draws ASTRA's battlefield with the same space names: a choice names a
    # space of the battlefield written on, so the choice is one-hot over the distinct names.
    space_names = list(dict.fromkeys(sheet_layout.spot(slot).name for slot in spaces))
    space_index = {name: index for index, name in enumerate(space_names)}
    marks_size = sum(per_space if kind is Kind.SPACE else 2 for kind in kinds)
    # Where each slot's entries start in a sheet's run: number spaces (not adventure 8's,
    # which hold sides) and flag slots, as index arrays so a sheet is written in a few steps.
    starts = np.cumsum([0] + [per_space if k is Kind.SPACE else 2 for k in kinds])[:-1]
    numeric = [k is Kind.SPACE and not battle for k in kinds]
    number_slots = np.array([x for x, n in zip(slots, numeric, strict=True) if n], dtype=np.intp)
    number_at = np.array([a for a, n in zip(starts, numeric, strict=True) if n], dtype=np.intp)
    flag_slots = np.array([x for x, n in zip(slots, numeric, strict=True) if not n], dtype=np.intp)
    flag_at = np.array([a for a, n in zip(starts, numeric, strict=True) if not n], dtype=np.intp)
    cards_of = {
        letter: sorted(card for card in rules.missions if card.startswith(letter))
        for letter in LETTERS
    }
    top_points = max(m.high for m in rules.missions.values())
    per_letter = 1 + 1
    fields = ("battlefield", "astra_battlefield")[: 2 if solo else 1] if battle else ()
    battle_size = (2 + len(BATTLE_PLANETS) * len(fields)) if battle else 0
    sheet_size = marks_size + 1 + len(LETTERS) * per_letter + battle_size
    turns = len(rules.data.space_slots) + len(rules.data.error_slots) + 1
    claimants = seats + (1 if solo else 0)
    vocabulary = sorted(
        {text.split()[0] for text in game.actions.texts} | set(ACTIONS) | set(STEP_WORDS)
    )

    def write_sheet(sheet: Mapping[str, Any] | None, out: Vector) -> None:
        if sheet is None:
            return
        marks = np.asarray(sheet["marks"], dtype=np.int16)
        codes = marks[number_slots]
        if len(codes):
            written = (codes >= 1) & (codes <= HIGHEST + 1)
            out[number_at] = written
            out[number_at + 1] = np.where(written, codes - 1, 0) / HIGHEST
            out[number_at + 2] = codes == X
            valid = written | (codes == 0) | (codes == X)
            if infection:
                out[number_at + 3] = codes == INFECTED
                valid |= codes == INFECTED
            if not valid.all():
                raise ValueError(
                    f"a number space holds mark {int(codes[~valid][0])}; allowed: 0 (empty), "
                    f"1 to {HIGHEST + 1} (a number plus 1), {X} (an X)"
                    + (f", {INFECTED} (an infection)" if infection else "")
                )
        flags = marks[flag_slots]
        if flags.max(initial=0) > 3:
            raise ValueError("a flag slot holds a mark above 3; flags are 1 circled, 2 crossed")
        out[flag_at] = flags & 1
        out[flag_at + 1] = flags >> 1
        at = marks_size
        out[at] = squashed(sheet["score"], SCORE_SCALE)
        at += 1
        for letter in LETTERS:
            value = sheet["missions"][letter]
            if value is not None:
                out[at] = 1.0
                out[at + 1] = scaled(value, 0, top_points)
            at += per_letter
        if battle:
            one_hot(out[at : at + 2], sheet["writing_side"] - 1)
            at += 2
            for key in fields:
                for planet in BATTLE_PLANETS:
                    out[at] = 1.0 if sheet[key]["planets"][planet.name]["resolved"] else 0.0
                    at += 1

    def sheets(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        for other, sheet in enumerate(view["sheets"]):
            write_sheet(sheet, out[other * sheet_size : (other + 1) * sheet_size])

    def own_sheet(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        write_sheet(view["sheet"], out)

    mission_size = sum(len(cards_of[letter]) for letter in LETTERS) + len(LETTERS) * (3 + claimants)

    def missions(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        at = 0
        for mission in view["missions"]:
            cards = cards_of[mission["letter"]]
            if mission["card"] is not None:
                out[at + cards.index(mission["card"])] = 1.0
            at += len(cards)
            if mission["high"] is not None:
                out[at] = scaled(mission["high"], 0, top_points)
                out[at + 1] = scaled(mission["low"] or 0, 0, top_points)
            out[at + 2] = 1.0 if mission["high_taken"] else 0.0
            for who in mission["claimed_by"]:
                out[at + 3 + (seats if who == "ASTRA" else who)] = 1.0
            at += 3 + claimants

    def to_act(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        for actor in view["to_act"]:
            one_hot(out, seats if actor == CHANCE else actor)

    def phase(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        one_hot(out, PHASES.index(view["phase"]))

    def ended(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        for entry in view["ended"]:
            one_hot(out, ENDS.index(entry["trigger"]))

    per_card = NUMBERS + len(ACTIONS) + (len(SOLO_CARDS) if solo else 0)

    def write_card(card: Mapping[str, Any], out: Vector) -> None:
        if "solo" in card:
            out[NUMBERS + len(ACTIONS) + SOLO_CARDS.index(card["solo"])] = 1.0
            return
        if card["number"] is not None:
            out[card["number"] - 1] = 1.0
        if card["action"] is not None:
            out[NUMBERS + ACTIONS.index(card["action"])] = 1.0

    def cards(key: str) -> Writer:
        def write(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
            for index, card in enumerate(view[key]):
                write_card(card, out[index * per_card : (index + 1) * per_card])

        return write

    layout = Layout()
    pub = layout.public
    pub("turn", 1, f"the turn, scaled from [0, {turns}]",
        numbers_of("turn", 0, turns, lambda value: [value]))  # fmt: skip
    pub("phase", len(PHASES), f"one-hot: {', '.join(PHASES)}", phase)
    pub("to_act", seats + 1, f"bits: seats to act; entry {seats}: chance (explicit mode)", to_act)
    pub("done", seats, "bits: the seats done with this turn", flags_of("done"))
    mission_cards = "; ".join(f"{letter}: {', '.join(cards_of[letter])}" for letter in LETTERS)
    pub(
        "missions", mission_size,
        f"per mission A, B, C: its card one-hot ({mission_cards}), its high and low rewards "
        f"scaled from [0, {top_points}], 1 once the high reward is taken, then bits: the "
        f"seats that accomplished it{' and ASTRA' if solo else ''}",
        missions,
    )  # fmt: skip
    space_meaning = (
        "a space as 2 bits (side 1, side 2 drew there)"
        if battle
        else f"a number space as {per_space} entries (1 if a number is written, the number / "
        f"{HIGHEST}, 1 for an X" + (", 1 for an infection)" if infection else ")")
    )
    battle_meaning = (
        "; then the side writing this turn one-hot (1, 2) and per planet "
        f"({', '.join(p.name for p in BATTLE_PLANETS)}) of the "
        f"{' and '.join(fields)}, 1 once resolved"
        if battle
        else ""
    )
    sheet_meaning = (
        f"{sheet_size} entries: per slot of the sheet layout in slot order, {space_meaning}, "
        "any other slot as 2 bits (circled, crossed; an insignia: side 1, side 2); then "
        f"the score as 0.5 + 0.5 tanh(score / {SCORE_SCALE:g}); then per mission A, B, C: 1 if "
        f"accomplished and its points scaled from [0, {top_points}]" + battle_meaning
    )
    pub("sheets", seats * sheet_size, f"per seat, its sheet as the table sees it, {sheet_meaning}",
        sheets)  # fmt: skip
    if solo:
        pub(
            "cards", 3 * per_card,
            f"per card drawn (3), one-hot number 1..{NUMBERS}, one-hot action "
            f"({', '.join(ACTIONS)}), one-hot ASTRA effect card ({', '.join(SOLO_CARDS)})",
            cards("cards"),
        )  # fmt: skip
        pub("deck", 1, f"cards left in the deck, scaled from [0, {SOLO_DECK}]",
            numbers_of("deck", 0, SOLO_DECK, lambda value: [value]))  # fmt: skip
        pub("pass", 1, "the pass through the deck: 0 the first, 1 the second",
            numbers_of("pass", 1, 2, lambda value: [value]))  # fmt: skip
        pub("discard", 1, f"cards in the discard, scaled from [0, {SOLO_DECK}]",
            numbers_of("discard", 0, SOLO_DECK, lambda value: [value]))  # fmt: skip
        action_counts = [
            sum(c for (_, a), c in zip(CARD_TYPES, DECK_COUNTS, strict=True) if a == index)
            for index in range(len(ACTIONS))
        ]

        def astra(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
            held = view["astra"]["cards"]
            for index, action in enumerate(ACTIONS):
                out[index] = scaled(held[action], 0, action_counts[index])
            out[len(ACTIONS)] = squashed(view["astra"]["score"], SCORE_SCALE)
            out[len(ACTIONS) + 1] = squashed(view["solo_score"]["total"], SCORE_SCALE)

        counts = ", ".join(f"{a} {c}" for a, c in zip(ACTIONS, action_counts, strict=True))
        pub(
            "astra", len(ACTIONS) + 2,
            f"ASTRA's cards per action, each scaled by the deck's count ({counts}); then ASTRA's "
            f"score and the game's score (sheet minus ASTRA), each as 0.5 + 0.5 tanh(x / "
            f"{SCORE_SCALE:g})",
            astra,
        )  # fmt: skip
    else:
        combo = NUMBERS + len(ACTIONS)
        pub(
            "combinations", PILES * combo,
            f"per pile (3), the number one-hot 1..{NUMBERS}, then the action one-hot "
            f"({', '.join(ACTIONS)}) showing",
            cards("combinations"),
        )  # fmt: skip

        def piles(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
            for index, pile in enumerate(view["piles"]):
                out[2 * index] = scaled(pile["draw"], 0, DECK_SIZE)
                out[2 * index + 1] = scaled(pile["discard"], 0, DECK_SIZE)

        pub("piles", 2 * PILES,
            f"per pile, its draw and discard counts, each scaled from [0, {DECK_SIZE}]",
            piles)  # fmt: skip
    pub("ended", len(ENDS), f"bits: {', '.join(ENDS)}", ended)

    def writing(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        one_hot(out, view.get("writing", seat))

    def pending(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        counts = dict.fromkeys(vocabulary, 0)
        for item in view["pending"] or []:
            kind = item.split()[0]
            if kind not in counts:
                raise ValueError(f"pending step {item!r} is none of {', '.join(vocabulary)}")
            counts[kind] += 1
        for index, kind in enumerate(vocabulary):
            out[index] = saturated(counts[kind])

    changes = ASTRONAUT_CHANGES if rules.changes else ()
    change_size = len(changes) if changes else 1

    def choice(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        chosen = view["choice"]
        if chosen is None:
            return
        out[0] = 1.0
        one_hot(out[1 : 1 + len(space_names)], space_index[chosen["space"]])
        at = 1 + len(space_names)
        if chosen["action"] is not None:
            out[at + ACTIONS.index(chosen["action"])] = 1.0
        at += len(ACTIONS)
        modified = chosen["modified"]
        if changes:
            one_hot(out[at:], changes.index(modified))
        elif modified < 0:
            raise ValueError(f"choice modified {modified}: this adventure counts up from 0")
        else:
            out[at] = saturated(modified)

    pri = layout.private
    pri("seat", seats, "one-hot: the seat whose observation this is", seat_one_hot)
    pri("writing", seats, "one-hot: the sheet the seat writes on this turn (its own but in "
        "adventure 8)", writing)  # fmt: skip
    pri("sheet", sheet_size, f"the sheet the seat writes on, as it is now, {sheet_meaning}",
        own_sheet)  # fmt: skip
    pri(
        "pending", len(vocabulary),
        f"per kind of sub-step left to resolve ({', '.join(vocabulary)}), 1 - 2^-count",
        pending,
    )  # fmt: skip
    pri(
        "choice", 1 + len(space_names) + len(ACTIONS) + change_size,
        f"this turn's choice: 1 if made, the space one-hot over the {len(space_names)} "
        f"spaces (by name, in slot order), the action one-hot ({', '.join(ACTIONS)}), then "
        + (
            f"the change to the number one-hot ({', '.join(f'{c:+d}' for c in changes)})"
            if changes
            else "the view's modified count (adventure 8: symbols spent; solo: ASTRA's "
            "number) as 1 - 2^-count"
        ),
        choice,
    )  # fmt: skip
    return Encoder(game, layout)
