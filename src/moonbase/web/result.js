// The end of a game: why it ended, the scores and what each is made of, from the view.
import { h, seatName } from "./dom.js";
import { t, tn } from "./i18n.js";

function cell(value) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

// A list of objects as a table, one column per key.
function rows(items) {
  const keys = [...new Set(items.flatMap((item) => Object.keys(item)))];
  return h("table", { class: "breakdown" },
    h("thead", {}, h("tr", {}, keys.map((key) => h("th", { scope: "col" }, key)))),
    h("tbody", {}, items.map((item) => h("tr", {}, keys.map((key) => h("td", {}, cell(item[key])))))));
}

function pairs(object) {
  return h("table", { class: "breakdown" },
    h("tbody", {}, Object.entries(object).map(([key, value]) =>
      h("tr", {}, h("th", { scope: "row" }, key), h("td", {}, cell(value))))));
}

function part(value) {
  if (Array.isArray(value) && value.every((item) => item && typeof item === "object" && !Array.isArray(item))) {
    return rows(value);
  }
  if (value && typeof value === "object" && !Array.isArray(value)) return pairs(value);
  return h("span", {}, cell(value));
}

function endedText(ended) {
  return (ended || []).map((reason) => {
    const { trigger, ...rest } = reason;
    const details = Object.entries(rest).map(([key, value]) => `${key} ${cell(value)}`).join(", ");
    return details ? `${trigger} (${details})` : trigger;
  }).join("; ");
}

// Why a game ended, a sentence per reason of the view's `ended`: `sentences` maps a trigger to
// the function that words it (from the reason); a trigger it lacks, as the usual summary says it.
export function endedSaid(reasons, sentences) {
  return (reasons || []).map((reason) => {
    const say = sentences[reason.trigger];
    return say ? say(reason) : t("Ended: {reasons}.", { reasons: endedText([reason]) });
  }).join(" ");
}

// "Winner: …" or "Winners: …", the seats named.
export function winnersText(winners, table) {
  const names = winners.map((seat) => seatName(table, seat)).join(", ");
  return tn("Winner: {names}.", "Winners: {names}.", winners.length, { names });
}

// The result panel's content: the board module's own summary if it gives one, else the
// view's `ended` (in the board's words if it has them), `winners`, `scores` and
// `score_parts` as they are.
export function breakdown(view, table, board) {
  const own = board && typeof board.result === "function" ? board.result(view, table) : null;
  if (own) return own;
  const children = [];
  if (view && view.ended && view.ended.length) {
    // a board that words its game's ends itself (ended(reasons, table)) says why in a sentence
    const said = board && typeof board.ended === "function"
      ? board.ended(view.ended, table)
      : t("Ended: {reasons}.", { reasons: endedText(view.ended) });
    children.push(h("p", { class: "ended" }, said));
  }
  if (view && view.outcome) children.push(h("p", { class: "outcome" }, t("Outcome: {outcome}.", { outcome: view.outcome })));
  if (view && Array.isArray(view.winners) && view.winners.length) {
    children.push(h("p", { class: "winners" }, winnersText(view.winners, table)));
  }
  const parts = view ? view.score_parts : null;
  if (Array.isArray(parts)) {
    parts.forEach((seatParts, seat) => {
      const title = view.scores
        ? tn("{name} — {n} point", "{name} — {n} points", view.scores[seat], { name: seatName(table, seat) })
        : seatName(table, seat);
      children.push(h("h3", {}, title), part(seatParts));
    });
  } else if (parts) {
    children.push(part(parts));
  } else if (view && Array.isArray(view.sheets)) {
    view.sheets.forEach((sheet, seat) => {
      if (sheet && sheet.score_parts) children.push(h("h3", {}, seatName(table, seat)), part(sheet.score_parts));
    });
  } else if (view && Array.isArray(view.scores)) {
    children.push(part(view.scores.map((score, seat) => ({ [t("seat")]: seatName(table, seat), [t("score")]: score }))));
  }
  return h("div", { class: "summary", "data-over": "true" }, children);
}

export { rows };
