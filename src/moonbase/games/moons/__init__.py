"""Moons: the trick-taking game of planets and their moons (Robert Burke, 2017), 3–6 players.

Rules: ``rules/moons.md`` (restated from the Polish quick-game rulebook), which this package
follows exactly by default; the option ``decline_awards`` goes back to the rulebook in one point:
a player with no trick *may* take a token (the rule page says it takes one). Modules:
:mod:`~moonbase.games.moons.cards` (the deck and the Mini-Asteroid table),
:mod:`~moonbase.games.moons.scoring` (the best grouping), :mod:`~moonbase.games.moons.state`
(the rules), :mod:`~moonbase.games.moons.game` (options and presets),
:mod:`~moonbase.games.moons.notation` (text and the numbered action universe),
:mod:`~moonbase.games.moons.view` (what a seat sees),
:mod:`~moonbase.games.moons.hidden` (redrawing what a seat cannot know) and
:mod:`~moonbase.games.moons.render`.

**Reconstructions** (content of the physical game that is not public, designed to fit what is
known; the deck and the values are data and options):

* the Mini-Asteroid deck — 38 cards: ``GRAB`` ×6, ``BLOCK`` ×6, ``TOKEN-SWAP`` ×7,
  ``TABLEAU-SWAP`` ×7, ``BONUS-<PLANET>`` ×2 each (+1 point per token of the planet) and
  ``SET-BONUS`` ×4 (+3 points per complete set) — the table ``cards.MINIS``;
* the scoring values: a set 10, three of a planet outside sets 6, any other token 1 — the
  options ``set_points``, ``triple_points`` and ``single_points``;
* what the four large Asteroids (``AST``) do, which the quick rules do not say: they are dealt
  with the Moon cards; one may be played instead of following the led planet (even by a player
  who could follow) and draws a Mini-Asteroid; it may be led only when the hand holds nothing
  else; it is of no planet, so it never wins a trick and is never the lowest off-suit card; it
  may not go in the tableau.

**Decisions** of the rule page: first-player ties compare the next-highest tableau card, then the
third, then the lower seat; the game ends once the supply is empty (after the awards under way)
or after as many rounds as there are players — each player is first player exactly once (the
rulebook's "until every player has dealt once" cannot be meant literally: round 1 is dealt
before the first player is known, by seat 0 here, and from round 2 the first player deals, so
the round-1 first player deals no round unless it is seat 0); 2 players is an unofficial option
value.

**Decisions** made here, where the rule page leaves a gap:

* Dealing: round 1 is dealt by seat 0 (``view["dealer"]`` is the seat that dealt the round under
  way: seat 0 in round 1, then the first player). At the start of the game chance deals two
  Mini-Asteroids to each player one at a time from the dealer's left (``DRAW <card>``), then
  the 60 cards (``DEAL <card>``), likewise; later rounds deal only the 60 cards. Drawn
  Mini-Asteroids go to the player who played the ``AST``, right after it is played.
* A Mini-Asteroid is an optional action on the seat's own turn in a trick, before its ``PLAY``
  (the leader's too); at most one per player per trick. It is offered only when it can take
  effect: ``GRAB`` a planet in the supply and not blocked; ``BLOCK`` only while the Block token is
  free, on a planet with tokens in the supply; ``TOKEN-SWAP`` with another seat, giving a token
  you have and taking one of theirs of a different planet, neither planet blocked;
  ``TABLEAU-SWAP`` of any tableau card with any non-Asteroid card in hand (the card taken back is
  public: everyone saw it in the tableau).
* Blocked works like an exhausted planet until the trick's awards are done: a ``GRAB`` or a swap
  may not gain it, and a token owed of it is replaced by another planet the same rule allows
  (or none). The Block token is cleared once the trick's tokens are taken.
* An ``AST`` led sets no planet; the first Moon card played sets it, and until then anything may
  be played. A trick of Asteroids only has no winner and gives no token; its leader leads again.
* Trick awards: the winner's token first, then the lowest off-suit card's (which matters when a
  planet runs out). With several planets possible the winner chooses (``TAKE <planet>``); with
  one it is taken automatically, with none nothing happens. Ties for the lowest off-suit card are
  ties of rank, whatever the planets.
* Round awards: first every player with the most tricks (if anyone has a trick), then every
  player with no trick, each group in turn order from the first player; ``TAKE`` as above. A
  player with no trick takes its token too, as the rule page has it; with the option
  ``decline_awards`` it *may* take it, as the Polish rulebook words it ("mogą wziąć"), so it is
  always asked when a planet of its tableau is left, and may decline with ``PASS``: taking the
  last token ends the game.
* The marker passes left after each round and its new holder deals and leads; the Earth token
  stays with the round-1 first player and only marks the start.
* Scoring: the grouping is searched over the number of complete sets; ``SET-BONUS`` cards count
  the sets of the grouping that scores best with them. Winners: most points, then most sets,
  then most tokens, else a shared win.

Hidden information: hands, face-down tableaus, Mini-Asteroids in hand and the pile (and, in
explicit chance mode mid-deal, which cards are still undealt), and the order in which another
seat's cards were dealt, this round or earlier. A resample redeals the unseen cards
consistently with everything public (cards played, revealed tableaus, cards taken back from a
tableau, and the planets a seat has shown it lacks by not following, or by leading an
Asteroid), every consistent deal equally likely (:func:`~moonbase.games.moons.hidden.deal_hidden`);
a face-down tableau, a choice and not chance, is drawn from the cards its seat was dealt.
It reshares the unseen Mini-Asteroids between the other hands and the pile, and rewrites the
``DEAL``/``DRAW`` outcomes and the face-down ``TABLEAU`` actions in the history (every
Mini-Asteroid a seat played is given one of its draws made before it was played), so that the
history replays to the resampled state. ``history_for(seat)`` shows each of those entries as
``DEAL ?``, ``DRAW ?`` or ``TABLEAU ? ? ?``. The order of play of a round's cards, the tokens,
the bonus cards and the discards are public.

>>> from moonbase.games.moons import MoonsGame
>>> state = MoonsGame(players=4).new(seed=11)
>>> state.phase.value, state.to_act
('tableau', (0, 1, 2, 3))
"""

from moonbase.games.moons.game import MoonsGame
from moonbase.games.moons.state import MoonsState

__all__ = ["MoonsGame", "MoonsState"]
