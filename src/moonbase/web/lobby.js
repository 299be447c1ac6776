// The lobby: every table (open, running, over), opening a table, joining a seat, watching.
import * as api from "./api.js";
import { h } from "./dom.js";
import { t, tn } from "./i18n.js";

const NAME_KEY = "moonbase.name";
const REFRESH_MS = 3000;
const STATUSES = [
  ["open", () => t("Open tables")],
  ["running", () => t("Running")],
  ["over", () => t("Finished")],
];

// Draw the lobby in `root`; the page returned stops refreshing once stopped.
export function showLobby(root) {
  const page = { stopped: false, timer: null };
  page.stop = () => {
    page.stopped = true;
    clearTimeout(page.timer);
  };
  drawLobby(root, page);
  return page;
}

async function drawLobby(root, page) {
  document.title = "moonbase";
  document.getElementById("where").textContent = t("lobby");
  const message = h("p", { class: "message", role: "status", id: "lobby-message" });
  const nameInput = h("input", {
    id: "player-name",
    name: "name",
    maxlength: 64,
    autocomplete: "nickname",
    value: localStorage.getItem(NAME_KEY) || "",
    placeholder: t("your name"),
  });
  nameInput.addEventListener("change", () => localStorage.setItem(NAME_KEY, nameInput.value.trim()));
  const list = h("div", { id: "tables" });
  const state = { games: null, titles: {} };

  const say = (text, isError) => {
    message.textContent = text;
    message.className = isError ? "message error" : "message";
    message.setAttribute("role", isError ? "alert" : "status");
  };

  root.replaceChildren(
    h("section", { class: "panel" },
      h("h1", {}, t("Play a moon game")),
      h("label", { for: "player-name" }, t("Your name"), " "), nameInput),
    message,
    h("section", { class: "panel", id: "create" }, h("h2", {}, t("Open a table")), h("p", {}, t("Loading the games…"))),
    list,
  );

  try {
    state.games = await api.games();
  } catch (error) {
    say(error.message, true);
    return;
  }
  for (const game of state.games.games) state.titles[game.name] = game.title;
  root.querySelector("#create").replaceWith(createForm(state.games, say, () => refresh()));

  const join = async (tableId, seat) => {
    const name = nameInput.value.trim();
    if (!name) {
      say(t("Write your name first (1 to 64 characters), then choose a seat."), true);
      nameInput.focus();
      return;
    }
    localStorage.setItem(NAME_KEY, name);
    try {
      const answer = await api.join(tableId, seat, name);
      const before = api.tokensOf(tableId).length;
      api.saveToken(tableId, answer.seat, answer.token);
      // a second seat at one table in this browser: several people at one screen
      location.assign(before > 0 ? api.hotseatPath(tableId) : api.tablePath(tableId, answer.token));
    } catch (error) {
      say(t("Could not join seat {seat}: {reason}", { seat, reason: error.message }), true);
      refresh();
    }
  };

  async function refresh() {
    clearTimeout(page.timer);
    if (page.stopped) return;
    try {
      const pages = await Promise.all(STATUSES.map(([status]) => api.newestTables(status)));
      if (page.stopped) return;
      list.replaceChildren(...tableGroups(pages, state.titles, join));
    } catch (error) {
      say(error.message, true);
    }
    if (!page.stopped) page.timer = setTimeout(refresh, REFRESH_MS);
  }
  refresh();
}

function tableGroups(pages, titles, join) {
  return STATUSES.map(([status, heading], i) => {
    const mine = pages[i].tables.slice().reverse();
    const count = pages[i].total > mine.length
      ? t("the newest {shown} of {total}", { shown: mine.length, total: pages[i].total })
      : `${mine.length}`;
    return h("section", { class: "panel tables", "data-status": status },
      h("h2", {}, `${heading()} (${count})`),
      mine.length === 0
        ? h("p", { class: "quiet" }, t("None."))
        : h("ul", { class: "table-list" }, mine.map((table) => tableRow(table, titles, join))));
  });
}

function tableRow(table, titles, join) {
  const held = new Map(api.tokensOf(table.id).map((entry) => [entry.seat, entry.token]));
  const seats = table.seats.map((seat) => {
    let who;
    if (seat.kind === "bot") {
      who = seat.taken ? t("bot {name}", { name: seat.name }) : t("open (bot {name} meanwhile)", { name: seat.name });
    } else if (seat.taken) who = seat.name;
    else who = t("open");
    const parts = [h("span", { class: "seat-name" }, `${seat.seat}: ${who}`)];
    if (held.has(seat.seat)) {
      parts.push(h("a", { class: "button", href: api.tablePath(table.id, held.get(seat.seat)) }, t("your seat")));
    } else if (!seat.taken) {  // an open seat, or one a bot keeps since its person left
      parts.push(h("button", {
        type: "button", "data-join": seat.seat, onclick: () => join(table.id, seat.seat),
      }, t("Sit in seat {seat}", { seat: seat.seat })));
    }
    return h("li", { class: seat.connected ? "connected" : "" }, parts);
  });
  const hotseat = held.size > 1
    ? h("a", { class: "button", href: api.hotseatPath(table.id), "data-hotseat": table.id }, tn("Hot-seat: your {n} seat here", "Hot-seat: your {n} seats here", held.size))
    : null;
  return h("li", { class: "table-row", "data-table": table.id },
    h("div", { class: "table-head" },
      h("strong", {}, titles[table.game] || table.game),
      h("span", { class: "quiet" }, " ", t("table {table} · {status} · move {move}", { table: table.id, status: statusName(table.status), move: table.version })),
      h("a", { class: "button watch", href: api.tablePath(table.id), "data-watch": table.id }, t("Watch"))),
    h("ul", { class: "seats" }, seats), hotseat);
}

function statusName(status) {
  const names = { open: t("open"), running: t("running"), over: t("over") };
  return names[status] || status;
}

function seatCount(game, presetName, chosen = {}) {
  const preset = presetName ? game.presets[presetName] || {} : {};
  const option = (name) => {
    if (chosen[name] !== undefined) return chosen[name];
    if (name in preset) return preset[name];
    const spec = game.options.find((o) => o.name === name);
    return spec ? spec.default : undefined;
  };
  if (game.name === "moon" && option("mode") !== "competitive") return 1;
  const players = Number(option("players"));
  return Number.isInteger(players) && players > 0 ? players : 2;
}

// The words of the options' values the lobby shows (the value sent stays the game's own).
const VALUE_WORDS = {
  true: () => t("yes"),
  false: () => t("no"),
  cooperative: () => t("cooperative"),
  competitive: () => t("competitive"),
  easy: () => t("easy"),
  normal: () => t("normal"),
  hard: () => t("hard"),
  master: () => t("master"),
};

// An option's value as the lobby shows it: a word in the page's language where it is one,
// "by the rules" for no default (the rules decide), else the value as it is.
function valueName(value) {
  if (value === null || value === undefined) return t("by the rules");
  const key = String(value);
  return Object.hasOwn(VALUE_WORDS, key) ? VALUE_WORDS[key]() : key;
}

// One field per option of the game, empty meaning "as the preset or the default has it".
function optionFields(game, changed) {
  const fields = game.options.map((spec) => {
    const id = `option-${spec.name}`;
    let input;
    if (spec.kind === "bool" || (spec.choices && spec.kind !== "list")) {
      const values = spec.kind === "bool" ? [true, false] : spec.choices;
      input = h("select", { id, "data-option": spec.name, "data-kind": spec.kind },
        h("option", { value: "" }, t("default ({value})", { value: valueName(spec.default) })),
        ...values.map((value) => h("option", { value: String(value) }, valueName(value))));
    } else if (spec.kind === "int" || spec.kind === "number") {
      input = h("input", {
        id, type: "number", "data-option": spec.name, "data-kind": spec.kind,
        min: spec.minimum, max: spec.maximum, step: spec.kind === "int" ? 1 : 0.5,
        placeholder: spec.default === null ? t("default") : String(spec.default),
      });
    } else {
      input = h("input", { id, type: "text", "data-option": spec.name, "data-kind": spec.kind, placeholder: spec.allowed });
    }
    input.addEventListener("change", changed);
    return h("li", {}, h("label", { for: id }, h("strong", {}, spec.name), " — ", spec.description, " "), input);
  });
  return h("details", { class: "options" }, h("summary", {}, t("Options")), h("ul", { class: "option-list" }, fields));
}

function optionValues(box) {
  const options = {};
  for (const input of box.querySelectorAll("[data-option]")) {
    const text = input.value.trim();
    if (text === "") continue;
    const kind = input.dataset.kind;
    if (kind === "bool") options[input.dataset.option] = text === "true";
    else if (kind === "int" || kind === "number") options[input.dataset.option] = Number(text);
    else options[input.dataset.option] = text;
  }
  return options;
}

function clockFields() {
  const kind = h("select", { id: "new-clock" },
    h("option", { value: "none" }, t("no clock")),
    h("option", { value: "realtime" }, t("real time: minutes each, + seconds a move")),
    h("option", { value: "turn" }, t("per move: hours for each move")));
  const first = h("input", { id: "clock-first", type: "number", min: 0, step: "any", placeholder: t("minutes or hours"), "aria-label": t("minutes each, or hours per move") });
  const second = h("input", { id: "clock-increment", type: "number", min: 0, step: "any", placeholder: t("seconds added"), "aria-label": t("seconds added after each move") });
  const read = () => {
    if (kind.value === "realtime") return { kind: "realtime", initial: Number(first.value || 10) * 60, increment: Number(second.value || 0) };
    if (kind.value === "turn") return { kind: "turn", per_move: Number(first.value || 24) * 3600 };
    return null;
  };
  return { box: h("p", {}, h("label", { for: "new-clock" }, t("Clock"), " "), kind, " ", first, " ", second), read };
}

function createForm(catalogue, say, created) {
  const gameSelect = h("select", { id: "new-game", name: "game" },
    catalogue.games.map((game) => h("option", { value: game.name }, game.title)));
  const presetSelect = h("select", { id: "new-preset", name: "preset" });
  const seatsBox = h("ol", { id: "new-seats", class: "seat-picks" });
  const kinds = catalogue.seats;

  const gameOf = () => catalogue.games.find((game) => game.name === gameSelect.value);
  const seatPick = (index, kind) => {
    const settings = h("input", {
      id: `new-seat-${index}-settings`, class: "bot-settings", hidden: kind === "human",
      placeholder: t("bot settings, e.g. iterations=200"), "aria-label": t("seat {seat}: the bot's settings", { seat: index }),
    });
    const select = h("select", { id: `new-seat-${index}`, "data-seat": index },
      kinds.map((k) => h("option", { value: k, selected: k === kind }, k === "human" ? t("a person") : t("bot: {name}", { name: k }))));
    select.addEventListener("change", () => { settings.hidden = select.value === "human"; });
    return h("li", {}, h("label", { for: `new-seat-${index}` }, t("Seat {seat}", { seat: index }), " "), select, " ", settings);
  };
  const setSeats = (count) => {
    const previous = [...seatsBox.querySelectorAll("select")].map((select) => select.value);
    if (count === seatsBox.children.length) return;
    const picks = [];
    for (let i = 0; i < count; i += 1) picks.push(seatPick(i, previous[i] || (i === 0 ? "human" : kinds[1] || "human")));
    seatsBox.replaceChildren(...picks);
  };
  const optionsBox = h("div", { id: "new-options" });
  const recount = () => setSeats(seatCount(gameOf(), presetSelect.value, optionValues(optionsBox)));
  const fillPresets = () => {
    const game = gameOf();
    presetSelect.replaceChildren(h("option", { value: "" }, t("defaults")),
      ...Object.keys(game.presets).map((name) => h("option", { value: name }, name)));
    optionsBox.replaceChildren(optionFields(game, recount));
    seatsBox.replaceChildren();
    recount();
  };
  gameSelect.addEventListener("change", fillPresets);
  presetSelect.addEventListener("change", recount);
  const clock = clockFields();
  fillPresets();

  const submit = async (event) => {
    event.preventDefault();
    const body = {
      game: gameSelect.value,
      seats: [...seatsBox.children].map((item) => {
        const kind = item.querySelector("select").value;
        const settings = item.querySelector("input").value.trim();
        return kind !== "human" && settings ? `${kind}:${settings}` : kind;
      }),
    };
    if (presetSelect.value) body.preset = presetSelect.value;
    const options = optionValues(optionsBox);
    if (Object.keys(options).length) body.options = options;
    const chosenClock = clock.read();
    if (chosenClock) body.clock = chosenClock;
    try {
      const table = await api.createTable(body);
      say(t("Table {table} is open: choose a seat below.", { table: table.id }), false);
      document.getElementById("lobby-message").dataset.table = table.id;
      created(table);
    } catch (error) {
      say(t("Could not open the table: {reason}", { reason: error.message }), true);
    }
  };
  return h("form", { class: "panel", id: "create", onsubmit: submit },
    h("h2", {}, t("Open a table")),
    h("p", {}, h("label", { for: "new-game" }, t("Game"), " "), gameSelect, " ",
      h("label", { for: "new-preset" }, t("Preset"), " "), presetSelect),
    optionsBox,
    seatsBox,
    h("p", {},
      h("button", { type: "button", onclick: () => setSeats(seatsBox.children.length + 1) }, t("Add a seat")), " ",
      h("button", { type: "button", onclick: () => setSeats(Math.max(1, seatsBox.children.length - 1)) }, t("Remove a seat"))),
    clock.box,
    h("p", {}, h("button", { type: "submit", id: "create-table" }, t("Open the table"))));
}
