// MOON's board: the registers A–D as rows of bits with their values, the goal queue (or the
// seat's goal, RAM and the race), energy, and the operation cards with their prices.
// An operation is played by clicking its card, then its register(s); END, REPAIR and PEEK
// are cards of their own.
import { actionable, choosable, h, s, seatMarker, seatName, wrappedText } from "../dom.js";
import { endedSaid, rows } from "../result.js";
import { t, tn } from "../i18n.js";

const WIDTH = 1000;
const ONE_OPERAND = new Set(["INC", "DEC", "ROL", "ROR", "NOT"]);
const REGISTERS = ["A", "B", "C", "D"];

const energyText = (value) => (Number.isInteger(value) ? String(value) : String(value).replace(".5", "½").replace(/^0½$/, "½"));

function bitsRow(label, bits, x, y, options) {
  const { cell = 64, disabled = false, note = "" } = options || {};
  const group = s("g", { class: "register", "data-register": label, "data-value": bits });
  const width = bits.length;
  group.append(
    s("rect", { x, y, width: 110 + width * cell + 150, height: cell + 34, rx: 10, fill: disabled ? "url(#hatch)" : "#fdfdfd", stroke: disabled ? "#b00020" : "#999", "stroke-width": disabled ? 4 : 2 }),
    s("text", { x: x + 14, y: y + cell * 0.75, "font-size": label.length > 1 ? cell * 0.4 : cell * 0.62, "font-weight": 700 }, label));
  [...bits].forEach((bit, i) => {
    const bx = x + 100 + i * cell;
    group.append(
      s("rect", { x: bx, y: y + 6, width: cell - 8, height: cell - 8, rx: 6, fill: bit === "1" ? "#15203b" : "#fff", stroke: "#15203b", "stroke-width": 2 }),
      s("text", { x: bx + (cell - 8) / 2, y: y + cell * 0.68, "text-anchor": "middle", "font-size": cell * 0.5, "font-weight": 700, fill: bit === "1" ? "#fff" : "#15203b" }, bit),
      s("text", { x: bx + (cell - 8) / 2, y: y + cell + 24, "text-anchor": "middle", "font-size": 20, fill: "#555" }, 2 ** (width - 1 - i)));
  });
  group.append(s("text", { x: x + 110 + width * cell, y: y + cell * 0.72, "font-size": cell * 0.5 }, `= ${parseInt(bits, 2)}`));
  if (note) group.append(s("text", { x: x + 110 + width * cell, y: y + cell + 24, "font-size": 22, fill: disabled ? "#b00020" : "#555", "font-weight": 700 }, note));
  return group;
}

function card(x, y, w, hgt, title, lines, options) {
  const { disabled = false, selected = false, dim = false } = options || {};
  const group = s("g", { class: `card${selected ? " selected" : ""}` },
    s("rect", { x, y, width: w, height: hgt, rx: 10, fill: disabled ? "url(#hatch)" : dim ? "#eee" : "#fff", stroke: selected ? "#0b5cad" : disabled ? "#b00020" : "#555", "stroke-width": selected ? 8 : 3 }),
    s("text", { x: x + w / 2, y: y + hgt * 0.45, "text-anchor": "middle", "font-size": 30, "font-weight": 700, fill: dim ? "#777" : "#111" }, title));
  // each line wraps inside the card (a long word in another language: "terminar el turno")
  let below = y + hgt * 0.45 + 30;
  for (const line of lines) {
    const text = wrappedText({ x: x + w / 2, y: below, "text-anchor": "middle", "font-size": 22, fill: disabled ? "#b00020" : "#333" }, line, w - 12, 24);
    group.append(text);
    below += text.lines * 24;
  }
  return group;
}

export function render(view, ctx) {
  const legal = [...ctx.legal];
  const local = ctx.local;
  if (local.op && !legal.some((a) => a.startsWith(`${local.op} `))) {
    local.op = null;
  }
  if (local.dest && !local.op) local.dest = null;
  const competitive = view.mode === "competitive";
  const over = Array.isArray(view.ended) && view.ended.length > 0;
  const operands = competitive && view.ram !== null && view.ram !== undefined ? [...REGISTERS, "RAM"] : REGISTERS;
  const parts = [];
  parts.push(s("defs", {}, s("pattern", { id: "hatch", width: 12, height: 12, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
    s("rect", { width: 12, height: 12, fill: "#f3e1e1" }), s("line", { x1: 0, y1: 0, x2: 0, y2: 12, stroke: "#d9a0a0", "stroke-width": 5 }))));

  // energy and round
  const headline = competitive && over
    ? t("The game is over.")
    : competitive
    ? t("Round {round} of {rounds} · {name} to play", { round: view.round, rounds: view.max_rounds, name: ctx.name(view.turn) })
    : t("Round {round} · deck {deck} · solved {solved}", { round: view.round, deck: view.deck, solved: view.solved });
  parts.push(s("text", { x: 10, y: 44, "font-size": 34, "font-weight": 700 }, t("Energy {energy}", { energy: energyText(view.energy) })),
    s("text", { x: 10, y: 84, "font-size": 26, fill: "#333" }, headline));
  if (competitive && view.free) parts.push(s("text", { x: 360, y: 44, "font-size": 26 }, tn("{n} free use left", "{n} free uses left", view.free)));

  // registers, then RAM
  const cell = view.width > 4 ? 56 : 64;
  let y = 110;
  for (const r of operands) {
    const bits = r === "RAM" ? view.ram : view.registers[r];
    const disabled = view.disabled.includes(r);
    const row = bitsRow(r, bits, 10, y, { cell, disabled, note: disabled ? t("disabled") : r === "RAM" ? t("your RAM") : "" });
    const repair = `REPAIR ${r}`;
    if (disabled && ctx.legal.has(repair)) actionable(row, repair, ctx, t("repair register {register}", { register: r }));
    else if (local.op && ONE_OPERAND.has(local.op)) actionable(row, `${local.op} ${r}`, ctx, t("register {register}", { register: r }));
    else if (local.op && local.dest) actionable(row, `${local.op} ${local.dest} ${r}`, ctx, t("{op} {register} with {other}", { op: local.op, register: local.dest, other: r }));
    else if (local.op && legal.some((a) => a.startsWith(`${local.op} ${r} `))) {
      choosable(row, t("{op} into register {register}", { op: local.op, register: r }), () => { local.dest = r; ctx.redraw(); });
    }
    if (local.dest === r) row.classList.add("selected");
    parts.push(row);
    y += cell + 44;
  }
  // the goal queue (cooperative) or the race (competitive): right of the registers, or
  // below them on a narrow screen
  const narrow = window.innerWidth < 640;
  const side = narrow ? 10 : 640;
  let sideY = narrow ? y + 10 : 10;
  const heading = (text) => {
    parts.push(s("text", { x: side, y: sideY + 34, "font-size": 26, "font-weight": 700 }, text));
    sideY += 60;
  };
  if (!competitive) {
    heading(narrow ? t("Goals (slot 1 is the oldest)") : t("Goals (slot 4 on top)"));
    const order = narrow ? [0, 1, 2, 3] : [3, 2, 1, 0];
    order.forEach((i, n) => {
      const slot = view.slots[i];
      const [sx, sy, sw] = narrow ? [side + n * 146, sideY, 136] : [side, sideY + n * 90, 340];
      const face = slot === null ? t("empty") : slot === "BUG" ? "BUG" : slot === "hidden" ? t("face down") : narrow ? slot : `${slot} = ${parseInt(slot, 2)}`;
      parts.push(s("g", { class: "slot", "data-slot": i + 1, "data-card": slot ?? "" },
        s("rect", { x: sx, y: sy, width: sw, height: 76, rx: 10, fill: slot === "BUG" ? "#ffe0b2" : slot === "hidden" ? "#c9d3e6" : slot ? "#fff8d0" : "#f4f4f4", stroke: slot && slot !== "hidden" ? "#15203b" : "#aaa", "stroke-width": 3, "stroke-dasharray": slot === null ? "8 6" : null }),
        s("text", { x: sx + 10, y: sy + 24, "font-size": 20, fill: "#555" }, `${i + 1}`),
        s("text", { x: sx + sw / 2, y: sy + 52, "text-anchor": "middle", "font-size": narrow ? 26 : 32, "font-weight": 700 }, face)));
    });
    sideY += narrow ? 90 : 360;
    if (view.outcome) {
      parts.push(s("text", { x: side, y: sideY + 30, "font-size": 34, "font-weight": 700, fill: view.outcome === "won" ? "#2e7d32" : "#b00020" }, view.outcome === "won" ? t("The crew won.") : view.outcome === "lost" ? t("The crew lost.") : t("The crew: {outcome}.", { outcome: view.outcome })));
      sideY += 50;
    }
  } else {
    heading(view.goal ? t("Your goal: {goal} = {value}", { goal: view.goal, value: parseInt(view.goal, 2) }) : t("Your goal: —"));
    view.solved.forEach((count, seat) => {
      const sy = sideY + seat * 86;
      const hacker = view.hackers[seat];
      const peeked = view.peeked[String(seat)];
      // (a t() call inside a template literal is not found by the catalogs' extraction)
      const peekedGoal = peeked ? t("goal {goal}", { goal: peeked }) : "";
      const row = s("g", { class: "racer", "data-seat": seat },
        s("rect", { x: side, y: sy, width: narrow ? 580 : 350, height: 76, rx: 10, fill: seat === view.turn && !over ? "#fff7d6" : "#fafafa", stroke: "#999", "stroke-width": 2 }),
        seatMarker(seat, side + 26, sy + 38, 16),
        s("text", { x: side + 52, y: sy + 32, "font-size": 24, "font-weight": 700 }, ctx.name(seat)),
        s("text", { x: side + 52, y: sy + 62, "font-size": 21 },
          [t("solved {count} · bugs {bugs}", { count, bugs: view.bugs[seat] }), hacker ? ` · ${hacker}` : "", peekedGoal ? ` · ${peekedGoal}` : ""].join("")));
      if (ctx.legal.has(`PEEK ${seat}`)) actionable(row, `PEEK ${seat}`, ctx, t("peek at {name}'s goal", { name: ctx.name(seat) }));
      parts.push(row);
    });
    sideY += view.solved.length * 86;
  }
  const opsTop = narrow ? sideY + 10 : Math.max(y, sideY) + 10;

  // operation cards with their prices, then END and the repairs of disabled operations
  const ops = Object.keys(view.costs);
  const width = narrow ? 600 : WIDTH;
  const perRow = narrow ? 4 : 6;
  const cw = (width - 10 * (perRow + 1)) / perRow;
  const ch = 120;
  const cards = [...ops, "END"];
  cards.forEach((op, i) => {
    const x = 10 + (i % perRow) * (cw + 10);
    const cy = opsTop + Math.floor(i / perRow) * (ch + 10);
    if (op === "END") {
      // white and clickable only while END can be played; dim like the others, else
      const playable = ctx.legal.has("END");
      const lines = [competitive ? t("end turn") : t("end round")];
      if (!playable && ctx.seat !== null && !over) lines.push(t("not now"));
      const group = card(x, cy, cw, ch, "END", lines, { dim: !playable });
      parts.push(actionable(group, "END", ctx, t("end")));
      return;
    }
    const disabled = view.disabled.includes(op);
    const usable = legal.some((a) => a.startsWith(`${op} `));
    const price = view.costs[op];
    const lines = [t("cost {energy}", { energy: energyText(price) })];
    if (disabled) lines.push(t("disabled"));
    else if (!usable && ctx.seat !== null && !over) lines.push(t("not now"));
    const group = card(x, cy, cw, ch, op, lines, { disabled, selected: local.op === op, dim: !usable && !disabled });
    group.setAttribute("data-op", op);
    if (disabled && ctx.legal.has(`REPAIR ${op}`)) actionable(group, `REPAIR ${op}`, ctx, t("repair {op}", { op }));
    else if (usable) {
      choosable(group, t("{op}, cost {energy}", { op, energy: price }), () => {
        local.op = local.op === op ? null : op;
        local.dest = null;
        ctx.redraw();
      });
    }
    parts.push(group);
  });
  const height = opsTop + Math.ceil(cards.length / perRow) * (ch + 10) + 10;
  let hint = "";
  if (local.op && ONE_OPERAND.has(local.op)) hint = t("{op}: choose a register", { op: local.op });
  else if (local.op && !local.dest) hint = t("{op}: choose the register to change", { op: local.op });
  else if (local.op) hint = t("{op} {register}: choose the other register", { op: local.op, register: local.dest });
  const svg = s("svg", { class: "board-svg moon", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": `MOON, ${view.mode}` }, parts);
  return h("div", {}, svg, h("p", { class: "board-hint", "aria-live": "polite" }, hint || (ctx.legal.size ? t("Choose an operation card, then its registers.") : "")));
}

// Why the game ended, one sentence per reason of the view's `ended` (docs/moon.md), in the
// player's language; a reason it does not know, as the page's usual summary words it.
export function ended(reasons, table) {
  return endedSaid(reasons, {
    "all-goals-solved": () => t("Every goal was solved and the deck is empty: the crew won."),
    "goal-overflow": (reason) => t("Goal {goal} had to move up past slot 4: the crew lost.", { goal: reason.goal }),
    "deck-empty": (reason) => t("{name} had to draw from an empty deck: the game ended.", { name: seatName(table, reason.seat) }),
    "max-rounds": (reason) => tn("The game's only round was played.", "The last of the {n} rounds was played.", reason.rounds),
  });
}

// The end of a competitive game: why it ended and each seat's race (goals solved, bugs);
// a cooperative game's end is the page's usual summary (null), which asks ended() why.
export function result(view, table) {
  if (view.mode !== "competitive") return null;
  const lines = [];
  if (view.ended && view.ended.length) lines.push(h("p", { class: "ended" }, ended(view.ended, table)));
  lines.push(rows(view.solved.map((solved, seat) => ({
    [t("seat")]: seatName(table, seat),
    [t("solved")]: solved,
    [t("goals")]: view.solved_goals[seat].join(" ") || "—",
    [t("bugs")]: view.bugs[seat],
  }))));
  return h("div", { class: "summary", "data-over": "true" }, lines);
}
