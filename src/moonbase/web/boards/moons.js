// Moons' board: your hand as cards sorted by planet, every tableau (the others' once
// revealed), the trick on the table, tokens and the supply, Mini-Asteroids, the first-player
// marker and Earth token, scores. In the tableau phase you pick three cards, then place them.
import { actionable, choosable, fitLines, h, s, seatMarker, wrappedText } from "../dom.js";
import { endedSaid } from "../result.js";
import { t, tn } from "../i18n.js";

const PLANETS = ["SATURN", "JUPITER", "NEPTUNE", "URANUS"];
const LETTER = { SATURN: "S", JUPITER: "J", NEPTUNE: "N", URANUS: "U" };
const PLANET_OF = { S: "SATURN", J: "JUPITER", N: "NEPTUNE", U: "URANUS" };
const COLOUR = { SATURN: "#E69F00", JUPITER: "#D55E00", NEPTUNE: "#56B4E9", URANUS: "#009E73", AST: "#999999" };
const ORDER = { S: 0, J: 1, N: 2, U: 3, A: 4 };
// A planet's name as shown (the notation keeps SATURN, JUPITER…).
const PLANET_NAME = { SATURN: () => t("Saturn"), JUPITER: () => t("Jupiter"), NEPTUNE: () => t("Neptune"), URANUS: () => t("Uranus") };
const planetName = (planet) => (PLANET_NAME[planet] ? PLANET_NAME[planet]() : planet);

const planetOf = (card) => (card === "AST" ? "AST" : PLANET_OF[card[0]]);
const rankOf = (card) => (card === "AST" ? 99 : Number(card.slice(1)));
const sortCards = (cards) => [...cards].sort((a, b) => ORDER[a[0]] - ORDER[b[0]] || rankOf(a) - rankOf(b));

// A planet's symbol: each planet has its own shape as well as its colour.
function planetSymbol(planet, x, y, r) {
  const style = { fill: COLOUR[planet], stroke: "#1b1b1b", "stroke-width": Math.max(1.5, r / 6) };
  switch (planet) {
    case "SATURN":
      return s("g", {}, s("circle", { cx: x, cy: y, r: r * 0.7, ...style }),
        s("ellipse", { cx: x, cy: y, rx: r, ry: r * 0.3, fill: "none", stroke: "#1b1b1b", "stroke-width": style["stroke-width"] }));
    case "JUPITER":
      return s("rect", { x: x - r * 0.8, y: y - r * 0.8, width: r * 1.6, height: r * 1.6, ...style });
    case "NEPTUNE":
      return s("polygon", { points: `${x},${y - r} ${x + r},${y + r * 0.8} ${x - r},${y + r * 0.8}`, ...style });
    case "URANUS":
      return s("polygon", { points: `${x},${y - r} ${x + r},${y} ${x},${y + r} ${x - r},${y}`, ...style });
    default:
      return s("polygon", { points: `${x - r},${y} ${x - r * 0.3},${y - r * 0.4} ${x},${y - r} ${x + r * 0.4},${y - r * 0.3} ${x + r},${y} ${x + r * 0.3},${y + r * 0.5} ${x - r * 0.2},${y + r}`, ...style });
  }
}

function cardShape(card, x, y, w, hgt, options = {}) {
  const planet = planetOf(card);
  const group = s("g", { class: `moon-card${options.selected ? " selected" : ""}`, "data-card": card },
    s("rect", { x, y, width: w, height: hgt, rx: 8, fill: options.dim ? "#eee" : "#fff", stroke: options.selected ? "#0b5cad" : COLOUR[planet], "stroke-width": options.selected ? 7 : 4 }),
    planetSymbol(planet, x + w / 2, y + hgt * 0.36, w * 0.22),
    s("text", { x: x + w / 2, y: y + hgt * 0.86, "text-anchor": "middle", "font-size": w * 0.36, "font-weight": 700 }, card),
    s("title", {}, card === "AST" ? t("an Asteroid") : t("{planet} {rank}", { planet: planetName(planet), rank: rankOf(card) })));
  return group;
}

function cardBack(x, y, w, hgt, label) {
  return s("g", { class: "card-back" },
    s("rect", { x, y, width: w, height: hgt, rx: 8, fill: "#c9d3e6", stroke: "#15203b", "stroke-width": 3 }),
    s("text", { x: x + w / 2, y: y + hgt / 2 + 8, "text-anchor": "middle", "font-size": 22 }, label));
}

export function render(view, ctx) {
  const narrow = window.innerWidth < 640;
  const W = narrow ? 520 : 1000;
  const local = ctx.local;
  const legal = [...ctx.legal];
  const parts = [];
  let y = 10;

  // the round, who leads, the led planet, the block
  const facts = [
    t("Round {round} of {rounds}", { round: view.round, rounds: view.rounds }),
    t("phase {phase}", { phase: t(view.phase) }),
    t("tricks left {count}", { count: view.tricks_left }),
  ];
  if (view.led) facts.push(t("led {planet}", { planet: planetName(view.led) }));
  if (view.blocked) facts.push(t("blocked {planet}", { planet: planetName(view.blocked) }));
  // as many facts on a line as fit the board's width (a phone, a long language)
  for (const line of fitLines(facts, " · ", W - 20, 28, 700)) {
    parts.push(s("text", { x: 10, y: y + 30, "font-size": 28, "font-weight": 700, class: "facts" }, line));
    y += 44;
  }

  // the supply
  parts.push(s("text", { x: 10, y: y + 30, "font-size": 24 }, t("Supply:")));
  PLANETS.forEach((planet, i) => {
    const x = 120 + i * (narrow ? 100 : 150);
    // the backing rect makes the whole token and its count one target to click
    const group = s("g", { class: "supply", "data-planet": planet, "data-count": view.supply[planet] },
      s("rect", { x: x - 22, y: y + 2, width: narrow ? 92 : 120, height: 42, rx: 8, fill: "transparent", stroke: "none" }),
      planetSymbol(planet, x, y + 22, 16),
      s("text", { x: x + 24, y: y + 31, "font-size": 24 }, `${LETTER[planet]} ${view.supply[planet]}`));
    if (ctx.legal.has(`TAKE ${planet}`)) actionable(group, `TAKE ${planet}`, ctx, t("take a {planet} token", { planet: planetName(planet) }));
    parts.push(group);
  });
  y += 56;

  // the trick on the table (and the last one)
  parts.push(s("text", { x: 10, y: y + 28, "font-size": 24, "font-weight": 700 }, t("Trick:")));
  const cw = narrow ? 80 : 84;
  const ch = cw * 1.35;
  (view.trick || []).forEach((play, i) => {
    const x = 110 + i * (cw + 14);
    parts.push(cardShape(play.card, x, y, cw, ch), seatMarker(play.seat, x + cw / 2, y + ch + 18, 12),
      s("text", { x: x + cw / 2, y: y + ch + 48, "text-anchor": "middle", "font-size": 18 }, t("seat {seat}", { seat: play.seat })));
  });
  if (!view.trick || view.trick.length === 0) parts.push(s("text", { x: 110, y: y + 28, "font-size": 22, fill: "#555" }, t("no card yet")));
  if (view.last_trick) {
    const last = view.last_trick;
    const cards = last.trick.map((p) => `${p.card} (${p.seat})`).join(", ");
    const text = last.winner === null
      ? t("Last trick: {cards} — no winner", { cards })
      : t("Last trick: {cards} — won by seat {seat}", { cards, seat: last.winner });
    const at = view.trick && view.trick.length ? y + ch + 84 : y + 74;
    const size = narrow ? 17 : 20;
    const drawn = wrappedText({ x: 10, y: at, "font-size": size, fill: "#333", class: "last-trick" }, text, W - 20, size * 1.25);
    parts.push(drawn);
    y += (drawn.lines - 1) * size * 1.25;
  }
  y += view.trick && view.trick.length ? ch + 60 : 50;
  if (view.last_trick) y += 40;

  // every seat: tableau, tokens, tricks, markers, bonuses, score
  const rowH = narrow ? 230 : 150;
  for (let seat = 0; seat < view.players; seat += 1) {
    const active = view.to_act.includes(seat);
    const marks = [];
    if (view.first_player === seat) marks.push(t("first player"));
    if (view.earth === seat) marks.push(t("Earth"));
    if (seat === ctx.seat) marks.push(t("you"));
    // the seat's name and marks wrap at the board's edge; the rest of the row moves down
    const title = wrappedText({ x: 54, y: y + 38, "font-size": 24, "font-weight": 700, class: "seat-title" },
      `${ctx.name(seat)}${marks.length ? ` · ${marks.join(", ")}` : ""}`, W - 64, 30);
    const extra = (title.lines - 1) * 30;
    const rect = s("rect", { x: 4, y, width: W - 8, height: rowH - 10 + extra, rx: 10, fill: active ? "#fff7d6" : "#fafafa", stroke: "#aaa", "stroke-width": 2 });
    y += extra;
    const group = s("g", { class: "seat", "data-seat": seat },
      rect,
      seatMarker(seat, 30, y - extra + 30, 14),
      title,
      s("text", { x: 20, y: y + 72, "font-size": 21 }, t("score {score} · tricks {tricks} · hand {hand} · minis {minis}", { score: view.scores[seat], tricks: view.tricks[seat], hand: view.hand_sizes[seat], minis: view.mini_counts[seat] })));
    PLANETS.forEach((planet, i) => {
      const x = 34 + i * 76;
      group.append(s("g", { class: "tokens", "data-planet": planet, "data-count": view.tokens[seat][planet] },
        planetSymbol(planet, x, y + 104, 13), s("text", { x: x + 20, y: y + 112, "font-size": 22 }, view.tokens[seat][planet])));
    });
    const tableau = view.tableaus[seat];
    const tx = narrow ? 20 : W - 3 * 70 - 40;
    const ty = narrow ? y + 130 : y + 46;
    const tw = 60;
    if (tableau === null) {
      group.append(cardBack(tx, ty, tw * 3 + 20, tw * 1.35, view.chosen[seat] ? t("tableau chosen") : t("choosing…")));
    } else if (tableau.length) {
      tableau.forEach((card, i) => group.append(cardShape(card, tx + i * (tw + 10), ty, tw, tw * 1.35)));
    }
    if (view.bonuses[seat].length) {
      // beside the tableau on a phone, before it on a wide screen; wrapped to the room left
      const bx = narrow ? tx + 3 * (tw + 10) + 10 : 360;
      const room = narrow ? W - bx - 10 : tx - bx - 10;
      const text = t("bonus: {bonuses}", { bonuses: view.bonuses[seat].join(", ") });
      group.append(wrappedText({ x: bx, y: narrow ? ty + 22 : y + 112, "font-size": 20, class: "bonuses" }, text, room, 24));
    }
    parts.push(group);
    y += rowH;
  }

  // your hand, sorted by planet; Mini-Asteroids after it
  if (view.hand) {
    const hand = sortCards(view.hand);
    const tableauPhase = legal.some((a) => a.startsWith("TABLEAU "));
    const picked = local.pick || [];
    if (!tableauPhase) local.pick = [];
    parts.push(s("text", { x: 10, y: y + 30, "font-size": narrow ? 22 : 26, "font-weight": 700 }, tableauPhase ? t("Your hand: pick three for your tableau") : t("Your hand")));
    y += 44;
    const hw = narrow ? 60 : 70;
    const hh = hw * 1.35;
    const perRow = Math.floor((W - 10) / (hw + 8));
    hand.forEach((card, i) => {
      const x = 10 + (i % perRow) * (hw + 8);
      const cy = y + Math.floor(i / perRow) * (hh + 10);
      const play = `PLAY ${card}`;
      const group = cardShape(card, x, cy, hw, hh, { selected: picked.includes(card), dim: !tableauPhase && ctx.legal.size > 0 && !ctx.legal.has(play) });
      if (ctx.legal.has(play)) actionable(group, play, ctx, t("play {card}", { card }));
      else if (tableauPhase && card !== "AST") {
        choosable(group, picked.includes(card) ? t("take {card} back", { card }) : t("pick {card}", { card }), () => {
          local.pick = picked.includes(card) ? picked.filter((c) => c !== card) : [...picked, card].slice(-3);
          ctx.redraw();
        });
      }
      parts.push(group);
    });
    y += Math.ceil(hand.length / perRow) * (hh + 10) + 10;
    (view.minis || []).forEach((mini, i) => {
      const x = 10 + i * 190;
      const group = s("g", { class: "mini", "data-mini": mini },
        s("rect", { x, y, width: 180, height: 60, rx: 8, fill: "#eee", stroke: "#555", "stroke-width": 2 }),
        s("text", { x: x + 90, y: y + 38, "text-anchor": "middle", "font-size": 19, "font-weight": 700 }, mini));
      const uses = legal.filter((a) => a === `MINI ${mini}` || a.startsWith(`MINI ${mini} `));
      if (uses.length === 1) actionable(group, uses[0], ctx, t("play {card}", { card: mini }));
      else if (uses.length > 1) choosable(group, tn("play {card}: {n} way", "play {card}: {n} ways", uses.length, { card: mini }), () => ctx.filter(`MINI ${mini}`));
      parts.push(group);
    });
    if (view.minis && view.minis.length) y += 70;
    const svg = s("svg", { class: "board-svg moons", viewBox: `0 0 ${W} ${y + 10}`, role: "img", "aria-label": t("Moons, round {round}", { round: view.round }) }, parts);
    if (tableauPhase) {
      const chosen = sortCards(picked).join(" ");
      const action = legal.find((a) => a === `TABLEAU ${chosen}`);
      const button = h("button", { type: "button", class: "moons-pick", disabled: !action }, action ? t("Place {cards} face down", { cards: chosen }) : t("Pick three cards ({count} picked)", { count: picked.length }));
      if (action) actionable(button, action, ctx, t("place your tableau"));
      return h("div", {}, svg, button);
    }
    return svg;
  }
  return s("svg", { class: "board-svg moons", viewBox: `0 0 ${W} ${y + 10}`, role: "img", "aria-label": t("Moons, round {round}", { round: view.round }) }, parts);
}

// Why the game ended, one sentence per reason of the view's `ended` (docs/moons.md), in the
// player's language; a reason it does not know, as the page's usual summary words it.
export function ended(reasons) {
  return endedSaid(reasons, {
    "supply-empty": () => t("The last token was taken from the supply: the game ended."),
    "last-round": (reason) => t("Every player was first player once: the last of the {rounds} rounds was played.", { rounds: reason.rounds }),
  });
}
