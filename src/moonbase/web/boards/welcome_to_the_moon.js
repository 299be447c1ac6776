// Welcome to the Moon's board: the three combinations and piles, the missions, and every
// sheet drawn in its printed layout (the geometry from /web/sheets/N.json) from the marks of
// the view alone. Choose a combination, then click a space; anything else a step asks for is
// clickable where it is printed, or in the action list.
import { actionable, choosable, h, s, seatMarker, seatName } from "../dom.js";
import { endedSaid } from "../result.js";
import { t, tn } from "../i18n.js";

const CELL = 44;
const X = 19;
const INFECTED = 20;
const CIRCLED = 1;
const CROSSED = 2;
const SIDES = ["", "1", "2", "12"];
const ARROW = "\u2192";
const layouts = new Map();
// A combination's action as shown (the notation keeps ROBOT, WATER…).
const ACTION_NAMES = {
  ASTRONAUT: () => t("astronaut"),
  WATER: () => t("water"),
  ROBOT: () => t("robot"),
  PLANNING: () => t("planning"),
  ENERGY: () => t("energy"),
  PLANT: () => t("plant"),
};
// A combination not yet revealed (adventure 6's first step comes before the flip) has none: "·".
// Any other word (a step such as adventure 6's GREY) in the language spoken where the catalogs
// have it.
const actionName = (action) => (action == null ? "·" : ACTION_NAMES[action] ? ACTION_NAMES[action]() : t(action.toLowerCase()));

function layoutFor(view, ctx) {
  const key = `${view.adventure}-${view.players === 1 ? 1 : 0}`;
  const known = layouts.get(key);
  if (known && known !== "loading") return known;
  if (!known) {
    layouts.set(key, "loading");
    fetch(`/web/sheets/${view.adventure}.json?solo=${view.players === 1}`)
      .then((answer) => (answer.ok ? answer.json() : Promise.reject(new Error(t("status {status}", { status: answer.status })))))
      .then((layout) => { layouts.set(key, layout); ctx.redraw(); })
      .catch((error) => { layouts.set(key, { error: error.message }); ctx.redraw(); });
  }
  return null;
}

function crossLines(x, y, w, hgt) {
  return [
    s("line", { x1: x + 4, y1: y + 4, x2: x + w - 4, y2: y + hgt - 4, stroke: "#b00020", "stroke-width": 4 }),
    s("line", { x1: x + w - 4, y1: y + 4, x2: x + 4, y2: y + hgt - 4, stroke: "#b00020", "stroke-width": 4 }),
  ];
}

function spotShape(spot, mark, x, y, insignias) {
  const w = CELL - 4;
  const group = s("g", { class: `spot ${spot.kind}`, "data-spot": spot.name, "data-mark": mark });
  group.append(s("title", {}, spot.printed ? `${spot.name}: ${spot.printed}` : spot.name));
  if (spot.kind === "space" && !insignias) {
    let text = "";
    if (mark === X) text = "X";
    else if (mark === INFECTED) text = "#";
    else if (mark) text = String(mark - 1);
    group.append(
      s("rect", { x, y, width: w, height: w, rx: 4, fill: mark === INFECTED ? "#f3c6c6" : mark ? "#eef4fb" : "#fff", stroke: "#15203b", "stroke-width": 2 }),
      s("text", { x: x + w / 2, y: y + w * 0.72, "text-anchor": "middle", "font-size": w * 0.58, "font-weight": 700, fill: mark === X ? "#b00020" : "#15203b" }, text));
    return group;
  }
  if (spot.kind === "space" || spot.kind === "insignia") {
    group.append(
      s("rect", { x, y, width: w, height: w, rx: 4, fill: mark ? "#eef4fb" : "#fff", stroke: "#15203b", "stroke-width": 2 }),
      s("text", { x: x + w / 2, y: y + w * 0.68, "text-anchor": "middle", "font-size": w * 0.36 }, `${spot.printed}${SIDES[mark & 3]}`));
    return group;
  }
  const flags = mark & (CIRCLED | CROSSED);
  if (spot.kind === "link") {
    if (flags) group.append(s("text", { x: x + w / 2, y: y + w * 0.7, "text-anchor": "middle", "font-size": w * 0.7, "font-weight": 700 }, spot.printed));
    else group.append(s("rect", { x: x + w * 0.3, y: y + w * 0.3, width: w * 0.4, height: w * 0.4, fill: "none", stroke: "#ccc", "stroke-dasharray": "3 3" }));
    return group;
  }
  if (spot.kind === "symbol") {
    group.append(
      s("rect", { x, y: y + 3, width: w, height: w - 6, rx: w / 2.5, fill: flags & CIRCLED ? "#ffd54f" : "#fff", stroke: flags & CIRCLED ? "#7a5200" : "#777", "stroke-width": flags & CIRCLED ? 4 : 2 }),
      s("text", { x: x + w / 2, y: y + w * 0.64, "text-anchor": "middle", "font-size": spot.printed.length > 2 ? w * 0.3 : w * 0.4 }, spot.printed));
  } else {
    const box = spot.kind === "error" ? w * 0.7 : w * 0.8;
    const inset = (w - box) / 2;
    group.append(s("rect", { x: x + inset, y: y + inset, width: box, height: box, rx: spot.kind === "error" ? box / 2 : 3, fill: flags & CIRCLED ? "#15203b" : "#fff", stroke: spot.kind === "error" ? "#b00020" : "#15203b", "stroke-width": 2 }));
    if (spot.printed) group.append(s("text", { x: x + w / 2, y: y + w * 0.62, "text-anchor": "middle", "font-size": w * 0.3, fill: flags & CIRCLED ? "#fff" : "#111" }, spot.printed));
  }
  if (flags & CROSSED) group.append(...crossLines(x, y, w, w));
  return group;
}

// Each area's top-left corner: an area `beside` the one before goes to its right when the
// sheet stays within `limit` cells, else below everything.
function placeAreas(areas, limit) {
  const places = [];
  let bottom = 0;
  let previous = null;
  for (const area of areas) {
    let place;
    if (area.beside && previous && previous.col + previous.cols + 1 + area.cols <= limit) {
      place = { col: previous.col + previous.cols + 1, row: previous.row };
    } else {
      place = { col: 0, row: bottom };
    }
    places.push(place);
    previous = { ...place, cols: area.cols };
    bottom = Math.max(bottom, place.row + area.rows + 1);
  }
  return { places, rows: bottom };
}

// An area whose row label is wider than the cells before the next thing in its row (`bonus
// rockets`, `missions`, a station's name before `robots`) moves what follows right to make
// room, and widens to hold a label at its right edge: the printed sheet's labels are wider
// than the one cell the geometry gives them.
const LABEL_FONT = CELL * 0.38;
const labelCells = (label) => (2 + label.text.length * LABEL_FONT * 0.58 + 6) / CELL;
function widen(area) {
  let spots = area.spots;
  let labels = area.labels;
  let cols = area.cols;
  const sorted = [...labels].sort((a, b) => a.col - b.col);
  for (const label of sorted) {
    const at = labels.find((l) => l.row === label.row && l.text === label.text && l.col >= label.col);
    const after = [...spots, ...labels].filter((item) => item.row === at.row && item.col > at.col);
    const needed = Math.ceil(at.col + labelCells(at));
    if (!after.length) {
      cols = Math.max(cols, needed);
      continue;
    }
    const shift = needed - Math.min(...after.map((item) => item.col));
    if (shift <= 0) continue;
    const move = (item) => (item.col > at.col ? { ...item, col: item.col + shift } : item);
    spots = spots.map(move);
    labels = labels.map(move);
    cols += shift;
  }
  return spots === area.spots && cols === area.cols ? area : { ...area, cols, spots, labels };
}

// Printed words (a label, what is printed on a spot) are shown in the language spoken, as the
// terminal draws them: a text with two lower-case letters in a row or four capitals holds
// words; names and values (`Q1`, `ST2 T16`, `×2`) stay as printed.
const WORDED = /[a-z]{2}|[A-Z]{4}/;
const shown = (text) => (text && WORDED.test(text) ? t(text) : text);
const translated = (area) => ({
  ...area,
  labels: area.labels.map((label) => ({ ...label, text: shown(label.text) })),
  spots: area.spots.map((spot) => (spot.printed ? { ...spot, printed: shown(spot.printed) } : spot)),
});

function drawSheet(layout, sheet, ctx, clickable, narrow) {
  const areas = layout.areas
    .filter((area) => !area.solo || area.spots.some((spot) => sheet.marks[spot.slot]))
    .map(translated)
    .map(widen);
  const limit = narrow ? Math.max(...areas.map((a) => a.cols)) : 60;
  const { places, rows } = placeAreas(areas, limit);
  const cols = Math.max(...areas.map((area, i) => places[i].col + area.cols));
  const tokens = new Map();
  const put = (name, action) => {
    if (!tokens.has(name)) tokens.set(name, []);
    if (!tokens.get(name).includes(action)) tokens.get(name).push(action);
  };
  if (clickable) {
    // a word that names a group of spots goes on its arrow (a quarter: `ACTIVATE Q2`), or
    // on each of its spots (a station: `ROBOT ST3`)
    const groups = new Map();
    const arrows = new Map();
    for (const area of areas) {
      for (const spot of area.spots) {
        if (!spot.group) continue;
        if (!groups.has(spot.group)) groups.set(spot.group, []);
        groups.get(spot.group).push(spot.name);
        if (spot.printed === ARROW) arrows.set(spot.group, [spot.name]);
      }
    }
    const names = new Set(areas.flatMap((area) => area.spots.map((spot) => spot.name)));
    for (const action of ctx.legal) {
      for (const word of action.split(" ").slice(1)) {
        const spots = names.has(word) ? [word] : arrows.get(word) || groups.get(word) || [];
        for (const name of spots) put(name, action);
      }
    }
    // a turn with no playable combination marks the next System Error box: that box
    if (ctx.legal.has("ERROR")) {
      const next = areas.flatMap((area) => area.spots)
        .filter((spot) => spot.kind === "error" && !sheet.marks[spot.slot])
        .sort((a, b) => a.slot - b.slot)[0];
      if (next) put(next.name, "ERROR");
    }
  }
  const parts = [];
  areas.forEach((area, i) => {
    const ox = places[i].col * CELL;
    const oy = places[i].row * CELL;
    for (const label of area.labels) {
      parts.push(s("text", { x: ox + label.col * CELL + 2, y: oy + label.row * CELL + CELL * 0.62, "font-size": LABEL_FONT, fill: "#333" }, label.text));
    }
    for (const spot of area.spots) {
      const mark = sheet.marks[spot.slot] || 0;
      const shape = spotShape(spot, mark, ox + spot.col * CELL + 2, oy + spot.row * CELL + 2, layout.insignias);
      let uses = tokens.get(spot.name) || [];
      if (ctx.local.prefix) {
        const chosen = uses.filter((a) => a.startsWith(ctx.local.prefix));
        if (chosen.length) uses = chosen;
      }
      if (uses.length === 1) actionable(shape, uses[0], ctx, spot.name);
      else if (uses.length > 1) choosable(shape, tn("{name}: {n} choice", "{name}: {n} choices", uses.length, { name: spot.name }), () => ctx.filter(spot.name));
      parts.push(shape);
    }
  });
  // on a phone one's own sheet keeps spaces big enough to tap, and scrolls sideways
  const style = narrow && clickable ? `min-width: ${cols * 34}px` : null;
  return s("svg", { class: "board-svg sheet", viewBox: `0 0 ${cols * CELL} ${rows * CELL}`, role: "img", "aria-label": t("adventure sheet {adventure}", { adventure: layout.adventure }), style }, parts);
}

// What each step of a turn asks, by the first word of its actions.
const STEPS = {
  WRITE: () => [t("write a number"), t("choose a combination, then click a highlighted space of your sheet")],
  ERROR: () => [t("a System Error"), t("no combination can be written: click your next System Error box (highlighted)")],
  X: () => [t("place an X"), t("click a highlighted space for the X")],
  ACTIVATE: () => [t("activate rockets"), t("click the arrow (\u2192) of a highlighted quarter")],
  SKIP: () => [t("skip"), t("decline the combination's action")],
};

// The turn, step by step: which step it is at (the view's `pending` sub-steps are what is
// left), what the next click does, and a button for each action that has no spot of its own
// on the sheet (doing a combination's action, or skipping it).
function stepGuide(view, ctx) {
  const legal = [...ctx.legal];
  const guide = h("div", { class: "wttm-step", role: "status", "aria-live": "polite" });
  if (!legal.length) {
    const waiting = view.pending && view.pending.length ? t("Steps left: {steps}.", { steps: view.pending.map(actionName).join(", ") }) : "";
    guide.dataset.step = "none";
    guide.append(h("p", { class: "board-hint" }, ctx.seat === null ? "" : [t("Nothing to do now."), waiting].join(" ").trim()));
    return guide;
  }
  const words = [...new Set(legal.map((a) => a.split(" ")[0]))].filter((w) => w !== "SKIP");
  const step = words[0] || "SKIP";
  guide.dataset.step = step;
  const [name, how] = STEPS[step] ? STEPS[step]() : [actionName(step), t("click a highlighted spot of your sheet, or a button below")];
  let next = how;
  if (step === "WRITE" && view.cards) {
    const [number, action] = (ctx.local.solo || []).map((i) => view.cards[i - 1]);
    if (!number) next = t("choose the card whose number you write (the next card chosen gives the action; the third goes to ASTRA)");
    else if (!action) next = t("card {card} gives the number {number}: choose the card whose action you take", { card: ctx.local.solo[0], number: number.number });
    else next = t("{number} with {action} is chosen: click a highlighted space to write {number} there", { number: number.number, action: actionName(action.action) });
  } else if (step === "WRITE" && ctx.local.combo) {
    const combo = view.combinations[ctx.local.combo - 1];
    next = t("combination {combination} ({number}, {action}) is chosen: click a highlighted space to write {number} there", { combination: ctx.local.combo, number: combo.number, action: actionName(combo.action) });
  }
  const left = (view.pending || []).filter((p) => p !== step);
  // (a t() call inside a template literal is not found by the catalogs' extraction)
  const then = left.length ? t("Then: {steps}.", { steps: left.map(actionName).join(", ") }) : "";
  guide.append(h("p", { class: "board-hint" },
    h("strong", { class: "step-name" }, t("Step: {name}.", { name }), " "), t("Next click: {next}.", { next }),
    then ? ` ${then}` : ""));
  const bare = legal.filter((a) => !a.includes(" ") && a !== "ERROR");
  if (bare.length) {
    guide.append(h("p", { class: "step-buttons" }, bare.map((action) =>
      actionable(h("button", { type: "button", class: "step-action" }, action === "SKIP" ? t("Skip this action") : t("Do {action}", { action: actionName(action) })), action, ctx, action === "SKIP" ? t("skip") : actionName(action)))));
  }
  return guide;
}

// Solo: the three cards of the turn, chosen in order (the number, then the action; the third
// goes to ASTRA), and the pass through the deck.
function soloCards(view, ctx) {
  const local = ctx.local;
  const chosen = local.solo || [];
  const legal = [...ctx.legal];
  const box = h("div", { class: "combos solo-cards", role: "group", "aria-label": t("the cards of the turn") });
  view.cards.forEach((card, i) => {
    const index = i + 1;
    const order = chosen.indexOf(index);
    const next = [...chosen, index].join(" ");
    const usable = order >= 0 || (chosen.length < 2 && legal.some((a) => a.startsWith(`WRITE ${next} `)));
    const label = card.solo ? t("ASTRA card {card}", { card: card.solo }) : [h("span", { class: "combo-number" }, card.number), " ", actionName(card.action)];
    const role = order === 0 ? t("(number)") : order === 1 ? t("(action)") : "";
    const button = h("button", { type: "button", class: `combo solo-card${order >= 0 ? " selected" : ""}`, "data-card": index, disabled: !usable, "aria-pressed": String(order >= 0) },
      label, h("small", {}, role ? ` ${role}` : ""));
    if (usable) {
      button.addEventListener("click", () => {
        local.solo = order >= 0 ? chosen.slice(0, order) : [...chosen, index];
        if (local.solo.length === 0) local.solo = null;
        ctx.redraw();
      });
    }
    box.append(button);
  });
  box.append(h("span", { class: "quiet" }, " ", t("deck {deck} · pass {pass} · discard {discard}", { deck: view.deck, pass: view.pass, discard: view.discard })));
  return box;
}

// Solo: ASTRA, the automated opponent — her level, the cards she holds by action, her rockets
// (adventure 1) and her score, taken off the sheet's.
function astraPanel(view) {
  const astra = view.astra;
  const score = view.solo_score;
  const cards = Object.entries(astra.cards).map(([action, count]) =>
    h("li", { "data-action-card": action, "data-count": count }, `${actionName(action)} ${count}`));
  return h("section", { class: "astra", "aria-label": "ASTRA", "data-score": astra.score },
    h("h3", {}, t("ASTRA · level {level} ({name}) · score {score}", { level: astra.level, name: astra.name, score: astra.score })),
    h("ul", { class: "astra-cards" }, cards),
    astra.rockets !== undefined ? h("p", { class: "astra-rockets" }, t("rockets left to cross: {rockets}", { rockets: astra.rockets })) : null,
    h("p", { class: "solo-score", "data-total": score.total }, t("Your result: sheet {sheet} − ASTRA {astra} = {total}", { sheet: score.sheet, astra: -score.astra, total: score.total })));
}

// A sheet's heading: whose, its score, and (adventure 1) its rockets; its System Errors
// (adventure 1: circled, of which repaired; the others: a count).
function sheetFacts(sheet, whose) {
  const facts = [whose, t("score {score}", { score: sheet.score })];
  if (sheet.rockets !== undefined) facts.push(t("rockets {rockets}", { rockets: sheet.rockets }));
  const errors = sheet.errors;
  if (typeof errors === "number") facts.push(t("System Errors {count}", { count: errors }));
  else if (errors && errors.repaired) facts.push(t("System Errors {count} ({repaired} repaired)", { count: errors.circled, repaired: errors.repaired }));
  else if (errors) facts.push(t("System Errors {count}", { count: errors.circled }));
  return facts.join(" · ");
}

// A mission's points (the first to do it, the others) and who did it.
function missionText(m) {
  const points = m.high_taken
    ? t("high taken, {high}/{low} points", { high: m.high, low: m.low })
    : t("{high}/{low} points", { high: m.high, low: m.low });
  return m.claimed_by.length ? t("{points}; done by seat {seats}", { points, seats: m.claimed_by.join(", ") }) : points;
}

export function render(view, ctx) {
  const narrow = window.innerWidth < 640;
  const layout = layoutFor(view, ctx);
  const local = ctx.local;
  const legal = [...ctx.legal];
  if (local.combo && !legal.some((a) => a.startsWith(`WRITE ${local.combo} `))) local.combo = null;
  if (local.solo && !legal.some((a) => a.startsWith(`WRITE ${local.solo.join(" ")} `))) local.solo = null;
  local.prefix = local.combo ? `WRITE ${local.combo} ` : local.solo && local.solo.length === 2 ? `WRITE ${local.solo.join(" ")} ` : null;
  const top = [];
  top.push(h("p", { class: "wttm-title" }, h("strong", {}, t("Adventure {adventure}: {title}", { adventure: view.adventure, title: t(view.title) })), " · ", t("turn {turn}", { turn: view.turn }), " · ", t(view.phase)));
  const combos = h("div", { class: "combos", role: "group", "aria-label": t("the combinations") });
  (view.combinations || []).forEach((combo, i) => {
    const index = i + 1;
    const usable = legal.some((a) => a.startsWith(`WRITE ${index} `));
    const pile = view.piles ? view.piles[i] : null;
    const button = h("button", { type: "button", class: `combo${local.combo === index ? " selected" : ""}`, "data-combination": index, disabled: !usable, "aria-pressed": String(local.combo === index) },
      h("span", { class: "combo-number" }, combo.number ?? "·"), " ", actionName(combo.action),
      pile ? h("small", {}, " ", t("(pile {pile})", { pile: pile.draw })) : null);
    if (usable) button.addEventListener("click", () => { local.combo = local.combo === index ? null : index; ctx.redraw(); });
    combos.append(button);
  });
  top.push(combos);
  if (view.cards) top.push(soloCards(view, ctx), astraPanel(view));
  top.push(h("ul", { class: "missions" }, (view.missions || []).map((m) =>
    h("li", {}, h("strong", {}, `${m.letter} `), t(m.text), " — ", missionText(m)))));
  if (!layout) return h("div", { class: "wttm" }, top, h("p", {}, t("Loading the sheet…")));
  if (layout.error) return h("div", { class: "wttm" }, top, h("p", { class: "error" }, t("The sheet's layout could not be loaded: {reason}", { reason: layout.error })));
  const order = [...view.sheets.keys()].sort((a, b) => (a === ctx.seat ? -1 : b === ctx.seat ? 1 : a - b));
  const sheets = order.map((seat) => {
    const sheet = view.sheets[seat];
    const mine = seat === ctx.seat;
    return h("section", { class: "sheet-box", "data-seat": seat },
      h("h3", {}, s("svg", { viewBox: "0 0 20 20", width: 16, height: 16, "aria-hidden": "true" }, seatMarker(seat, 10, 10, 8)), " ",
        sheetFacts(sheet, mine ? t("Your sheet") : ctx.name(seat))),
      drawSheet(layout, sheet, ctx, mine, narrow));
  });
  return h("div", { class: "wttm" }, top, stepGuide(view, ctx), sheets);
}

// Why the game ended, one sentence per end trigger of the view's `ended` (the view's docstring,
// src/moonbase/games/welcome_to_the_moon/view.py), in the player's language; a trigger it does
// not know, as the page's usual summary words it.
export function ended(reasons, table) {
  const who = (reason) => (reason.astra ? "ASTRA" : seatName(table, reason.seat));
  return endedSaid(reasons, {
    "all-missions": (reason) => t("{name} accomplished all three missions.", { name: who(reason) }),
    "all-spaces": (reason) => t("Every number space of {name}'s sheet is filled.", { name: who(reason) }),
    "last-error": (reason) => t("{name} marked the last System Error box.", { name: who(reason) }),
    "launch": (reason) => t("{name} launched the rocket.", { name: who(reason) }),
    "astra-rockets": () => t("ASTRA crossed her last rocket."),
    "deck-out": () => t("The deck would run out a second time: the game ended."),
  });
}
