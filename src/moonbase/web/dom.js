// Small helpers to build HTML and SVG elements, and the look every board shares.

import { t } from "./i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attributes, children) {
  for (const [key, value] of Object.entries(attributes || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of [children].flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export const h = (tag, attributes, ...children) =>
  fill(document.createElement(tag), attributes, children);

export const s = (tag, attributes, ...children) =>
  fill(document.createElementNS(SVG_NS, tag), attributes, children);

// Seat colours (readable for colour-blind players) and a shape per seat, so that a seat is
// never told by colour alone.
export const SEAT_COLOURS = ["#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#D55E00", "#0072B2"];
export const SEAT_SHAPES = ["circle", "square", "diamond", "triangle", "hexagon", "star"];

export function seatColour(seat) {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

// A seat's marker centred on (x, y) with radius r: its shape in its colour.
export function seatMarker(seat, x, y, r, attributes = {}) {
  const shape = SEAT_SHAPES[seat % SEAT_SHAPES.length];
  const style = { fill: seatColour(seat), stroke: "#1b1b1b", "stroke-width": r / 8, ...attributes };
  const points = (n, turn) =>
    Array.from({ length: n }, (_, i) => {
      const angle = turn + (2 * Math.PI * i) / n;
      return `${x + r * Math.cos(angle)},${y + r * Math.sin(angle)}`;
    }).join(" ");
  switch (shape) {
    case "square":
      return s("rect", { x: x - r * 0.85, y: y - r * 0.85, width: r * 1.7, height: r * 1.7, ...style });
    case "diamond":
      return s("polygon", { points: points(4, 0), ...style });
    case "triangle":
      return s("polygon", { points: points(3, -Math.PI / 2), transform: `translate(0 ${r * 0.15})`, ...style });
    case "hexagon":
      return s("polygon", { points: points(6, 0), ...style });
    default:
      return s("circle", { cx: x, cy: y, r, ...style });
  }
}

// Make an SVG or HTML element act as a button for `action` when it is legal: clickable,
// focusable, Enter/Space, labelled. Returns the element.
export function actionable(node, action, ctx, label) {
  node.setAttribute("data-action", action);
  if (!ctx.legal.has(action)) return node;
  node.classList.add("clickable");
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-label", label ? `${label}: ${action}` : action);
  node.addEventListener("click", () => ctx.act(action));
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      ctx.act(action);
    }
  });
  return node;
}

// Same, for a local choice (a selection on the board before the action is complete).
export function choosable(node, label, choose) {
  node.classList.add("clickable");
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-label", label);
  node.addEventListener("click", choose);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      choose();
    }
  });
  return node;
}

export function seatName(table, seat) {
  if (seat === -1) return t("chance");
  const entry = table && table.seats ? table.seats[seat] : null;
  if (!entry) return t("seat {seat}", { seat });
  if (entry.kind === "bot") return t("seat {seat} ({name})", { seat, name: entry.name });
  return entry.name ? t("{name} (seat {seat})", { seat, name: entry.name }) : t("seat {seat}", { seat });
}

// How wide `text` is drawn at `size` (user units of a board's SVG, drawn in the boards' font).
let measurer = null;
export function textWidth(text, size, weight = 400) {
  if (!measurer) measurer = document.createElement("canvas").getContext("2d");
  if (!measurer) return String(text).length * size * 0.6;
  measurer.font = `${weight} ${size}px system-ui, sans-serif`;
  return measurer.measureText(String(text)).width;
}

// `pieces` joined by `separator` into lines no wider than `width` (a piece wider than the
// line gets a line of its own).
export function fitLines(pieces, separator, width, size, weight = 400) {
  const lines = [];
  for (const piece of pieces) {
    const last = lines.length ? lines[lines.length - 1] : null;
    if (last !== null && textWidth(last + separator + piece, size, weight) <= width) {
      lines[lines.length - 1] = last + separator + piece;
    } else {
      lines.push(piece);
    }
  }
  return lines;
}

// An SVG <text> of `text` wrapped at its spaces into lines no wider than `width`, one <tspan>
// per line `lineHeight` apart (the first on `attributes.y`); `lines` tells how many there are.
// Each line but the last keeps its trailing space, so the text reads as written.
export function wrappedText(attributes, text, width, lineHeight, separator = " ") {
  const size = Number(attributes["font-size"]) || 16;
  const weight = attributes["font-weight"] || 400;
  const lines = fitLines(String(text).split(separator), separator, width, size, weight);
  const node = s("text", { ...attributes, "data-lines": lines.length },
    lines.map((line, i) => s("tspan", { x: attributes.x, dy: i === 0 ? null : lineHeight }, i < lines.length - 1 ? line + separator : line)));
  node.lines = lines.length;
  return node;
}
