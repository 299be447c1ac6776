// Moon Leap's board: the track with every space's value, the tokens (colour, shape and
// number), the reserves, the die, the active barrier and the live scores.
import { actionable, h, s, seatColour, seatMarker, seatName, wrappedText } from "../dom.js";
import { t, tn } from "../i18n.js";
import { winnersText } from "../result.js";

const WIDTH = 1000;

function spaceFill(value, last) {
  if (last) return "#f6d98b";
  if (value < 0) return value <= -3 ? "#e9a39b" : "#f4c7c3";
  if (value === 0) return "#f1f1f1";
  return value >= 10 ? "#8fbde6" : "#cfe3f7";
}

function signed(value) {
  if (value > 0) return `+${value}`;
  if (value < 0) return `−${-value}`;
  return "0";
}

function token(seat, number, x, y, r, ctx, where) {
  const mine = seat === ctx.seat;
  const group = s("g", {
    class: "token",
    "data-seat": seat,
    "data-number": number,
    "data-space": where === null ? "reserve" : where,
  },
  s("title", {}, where === null
    ? t("{name}, token {number} in reserve", { name: ctx.name(seat), number })
    : t("{name}, token {number} on space {space}", { name: ctx.name(seat), number, space: where })),
  seatMarker(seat, x, y, r),
  s("text", { x, y: y + r * 0.38, "text-anchor": "middle", "font-size": r * 1.1, "font-weight": 700, fill: "#111" }, number));
  if (mine) actionable(group, `MOVE ${number}`, ctx, t("your token {number}", { number }));
  return group;
}

export function render(view, ctx) {
  const narrow = window.innerWidth < 640;
  const columns = narrow ? 6 : 10;
  const cell = WIDTH / columns;
  const rows = Math.ceil(view.track.length / columns);
  const places = view.track.map((_, index) => {
    const row = Math.floor(index / columns);
    const column = row % 2 === 0 ? index % columns : columns - 1 - (index % columns);
    return { x: column * cell, y: row * cell, row };
  });
  const last = view.track.length - 3;
  const track = s("g", { class: "track" });
  view.track.forEach((space, index) => {
    const { x, y } = places[index];
    const group = s("g", { class: "space", "data-space": space.space, "data-value": space.value });
    group.append(
      s("rect", {
        x: x + 3, y: y + 3, width: cell - 6, height: cell - 6, rx: 10,
        fill: spaceFill(space.value, index >= last),
        stroke: index === 0 ? "#7a0b0b" : "#8a8a8a", "stroke-width": index === 0 ? 6 : 2,
      }),
      s("text", { x: x + 12, y: y + cell - 12, "font-size": cell * 0.17, fill: "#444" }, `${space.space}`),
      s("text", {
        x: x + cell - 12, y: y + cell * 0.3, "text-anchor": "end",
        "font-size": cell * 0.24, "font-weight": 700, fill: "#1b1b1b",
      }, signed(space.value)),
    );
    track.append(group);
    if (space.token) track.append(token(space.token.seat, space.token.number, x + cell * 0.42, y + cell * 0.58, cell * 0.28, ctx, space.space));
  });
  // the active barrier: a thick line after its space
  const b = view.barrier - 1;
  if (b >= 0 && b + 1 < places.length) {
    const here = places[b];
    const next = places[b + 1];
    const colour = view.split_allowed ? "#2e7d32" : "#b00020";
    let line;
    if (next.row === here.row) {
      const x = Math.max(here.x, next.x);
      line = { x1: x, y1: here.y, x2: x, y2: here.y + cell };
    } else {
      line = { x1: here.x, y1: here.y + cell, x2: here.x + cell, y2: here.y + cell };
    }
    track.append(s("line", { ...line, stroke: colour, "stroke-width": 10, "stroke-dasharray": "18 8", class: "barrier", "data-barrier": view.barrier },
      s("title", {}, view.split_allowed
        ? t("the barrier after space {space} (crossed: splits allowed)", { space: view.barrier })
        : t("the barrier after space {space}", { space: view.barrier }))));
  }

  // below the track: the die, the barrier, then one row per seat (reserve and score);
  // drawn larger on a narrow screen, where the whole picture is scaled down
  const k = narrow ? 1.8 : 1;
  const top = rows * cell + 20;
  const info = s("g", { class: "info" });
  const dieSize = 110 * k;
  const face = view.roll === null ? "–" : view.roll === "*" ? "★" : view.roll;
  info.append(
    s("g", { class: "die", "data-roll": view.roll ?? "" },
      s("rect", { x: 10, y: top, width: dieSize, height: dieSize, rx: 18 * k, fill: "#fff", stroke: "#1b1b1b", "stroke-width": 4 }),
      s("text", { x: 10 + dieSize / 2, y: top + dieSize * 0.73, "text-anchor": "middle", "font-size": 72 * k, "font-weight": 700 }, face),
      s("title", {}, view.roll === null ? t("the die is not rolled yet") : view.roll === "*" ? t("the die shows a star") : t("the die shows {roll}", { roll: view.roll }))),
    // the die's and the barrier's texts wrap at the board's edge (a phone, a long language)
    wrappedText({ x: 30 + dieSize, y: top + dieSize * 0.36, "font-size": 30 * k, class: "die-text" },
      view.roll === null ? t("Die: not rolled") : view.roll === "*" ? t("Die: ★ any token") : t("Die: {roll}", { roll: view.roll }),
      WIDTH - 40 - dieSize, 34 * k));
  const barrierX = narrow ? 10 : 30 + dieSize;
  const barrierText = wrappedText({ x: barrierX, y: narrow ? top + dieSize + 60 : top + dieSize * 0.78, "font-size": 30 * k, fill: view.split_allowed ? "#2e7d32" : "#b00020", class: "barrier-text" },
    view.split_allowed ? t("Barrier crossed: splits allowed") : t("Barrier after {space}: no splits yet", { space: view.barrier }),
    WIDTH - 10 - barrierX, 36 * k);
  info.append(barrierText);
  const rowHeight = (narrow ? 150 : 90) * k;
  const seatsTop = top + dieSize + (narrow ? 100 : 30) + (barrierText.lines - 1) * 36 * k;
  const seats = s("g", { class: "reserves" });
  for (let seat = 0; seat < view.players; seat += 1) {
    const y = seatsTop + seat * rowHeight;
    const active = view.to_act.includes(seat);
    const row = s("g", { class: "reserve", "data-seat": seat, "data-score": view.scores[seat] },
      s("rect", { x: 0, y, width: WIDTH, height: rowHeight - 8, rx: 12, fill: active ? "#fff7d6" : "#fafafa", stroke: active ? seatColour(seat) : "#ccc", "stroke-width": active ? 6 : 2 }),
      seatMarker(seat, 40 * k, y + 41 * k, 22 * k),
      s("text", { x: 75 * k, y: y + 38 * k, "font-size": 28 * k, "font-weight": 700 }, ctx.name(seat)),
      s("text", { x: 75 * k, y: y + 70 * k, "font-size": 26 * k },
        seat === ctx.seat ? t("score {score} · you", { score: view.scores[seat] }) : t("score {score}", { score: view.scores[seat] })));
    view.reserve[seat].forEach((number, i) => {
      const x = narrow ? 75 * k + 30 * k + i * 80 * k : WIDTH - 380 + i * 78;
      const ty = narrow ? y + 120 * k : y + 41;
      row.append(token(seat, number, x, ty, 30 * k, ctx, null));
    });
    seats.append(row);
  }
  const height = seatsTop + view.players * rowHeight;
  return s("svg", {
    class: "board-svg moon-leap", viewBox: `0 0 ${WIDTH} ${height}`, role: "img",
    "aria-label": tn("Moon Leap track of {n} space", "Moon Leap track of {n} spaces", view.track.length),
    preserveAspectRatio: "xMidYMin meet",
  }, track, info, seats);
}

export function result(view, table) {
  const name = (seat) => seatName(table, seat);
  const lines = [];
  if (view.ended && view.ended.length) {
    const end = view.ended[0];
    lines.push(h("p", { class: "ended" }, t("{name} filled the last spaces ({spaces}).", { name: name(end.seat), spaces: end.spaces.join(", ") })));
  }
  lines.push(h("p", { class: "winners" }, winnersText(view.winners, table)));
  (view.score_parts || []).forEach((parts, seat) => {
    lines.push(h("h3", {}, tn("{name}: {n} point", "{name}: {n} points", view.scores[seat], { name: name(seat) })),
      h("table", { class: "breakdown", "data-seat": seat },
        h("thead", {}, h("tr", {}, [t("token"), t("space"), t("value"), t("points")].map((k) => h("th", { scope: "col" }, k)))),
        h("tbody", {}, parts.map((p) => h("tr", {},
          h("td", {}, p.token), h("td", {}, p.space === null ? t("reserve") : p.space),
          h("td", {}, p.space === null ? "−5" : p.value), h("td", {}, p.points))))));
  });
  return h("div", { class: "summary", "data-over": "true" }, lines);
}
