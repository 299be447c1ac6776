// The lobby: every table (open, running, over), opening a table, joining a seat, watching.
import * as api from "./api.js";
import { h } from "./dom.js";

const NAME_KEY = "moonbase.name";
const REFRESH_MS = 3000;
const STATUSES = [
  ["open", "Open tables"],
  ["running", "Running"],
  ["over", "Finished"],
];

export async function showLobby(root) {
  document.title = "moonbase";
  document.getElementById("where").textContent = "lobby";
  const message = h("p", { class: "message", role: "status", id: "lobby-message" });
  const nameInput = h("input", {
    id: "player-name",
    name: "name",
    maxlength: 64,
    autocomplete: "nickname",
    value: localStorage.getItem(NAME_KEY) || "",
    placeholder: "your name",
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
      h("h1", {}, "Play a moon game"),
      h("label", { for: "player-name" }, "Your name "), nameInput),
    message,
    h("section", { class: "panel", id: "create" }, h("h2", {}, "Open a table"), h("p", {}, "Loading the games…")),
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
      say("Write your name first (1 to 64 characters), then choose a seat.", true);
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
      say(`Could not join seat ${seat}: ${error.message}`, true);
      refresh();
    }
  };

  let timer = null;
  async function refresh() {
    clearTimeout(timer);
    try {
      const body = await api.tables();
      list.replaceChildren(...tableGroups(body.tables, state.titles, join));
    } catch (error) {
      say(error.message, true);
    }
    timer = setTimeout(refresh, REFRESH_MS);
  }
  refresh();
}

function tableGroups(tables, titles, join) {
  return STATUSES.map(([status, heading]) => {
    const mine = tables.filter((table) => table.status === status).reverse();
    return h("section", { class: "panel tables", "data-status": status },
      h("h2", {}, `${heading} (${mine.length})`),
      mine.length === 0
        ? h("p", { class: "quiet" }, "None.")
        : h("ul", { class: "table-list" }, mine.map((table) => tableRow(table, titles, join))));
  });
}

function tableRow(table, titles, join) {
  const held = new Map(api.tokensOf(table.id).map((entry) => [entry.seat, entry.token]));
  const seats = table.seats.map((seat) => {
    let who;
    if (seat.kind === "bot") who = `bot ${seat.name}`;
    else if (seat.taken) who = seat.name;
    else who = "open";
    const parts = [h("span", { class: "seat-name" }, `${seat.seat}: ${who}`)];
    if (held.has(seat.seat)) {
      parts.push(h("a", { class: "button", href: api.tablePath(table.id, held.get(seat.seat)) }, "your seat"));
    } else if (seat.kind === "human" && !seat.taken) {
      parts.push(h("button", {
        type: "button", "data-join": seat.seat, onclick: () => join(table.id, seat.seat),
      }, `Sit in seat ${seat.seat}`));
    }
    return h("li", { class: seat.connected ? "connected" : "" }, parts);
  });
  const hotseat = held.size > 1
    ? h("a", { class: "button", href: api.hotseatPath(table.id), "data-hotseat": table.id }, `Hot-seat: your ${held.size} seats here`)
    : null;
  return h("li", { class: "table-row", "data-table": table.id },
    h("div", { class: "table-head" },
      h("strong", {}, titles[table.game] || table.game),
      h("span", { class: "quiet" }, ` table ${table.id} · ${table.status} · move ${table.version}`),
      h("a", { class: "button watch", href: api.tablePath(table.id), "data-watch": table.id }, "Watch")),
    h("ul", { class: "seats" }, seats), hotseat);
}

function seatCount(game, presetName) {
  const preset = presetName ? game.presets[presetName] || {} : {};
  const option = (name) => {
    if (name in preset) return preset[name];
    const spec = game.options.find((o) => o.name === name);
    return spec ? spec.default : undefined;
  };
  if (game.name === "moon" && option("mode") !== "competitive") return 1;
  const players = option("players");
  return typeof players === "number" ? players : 2;
}

function createForm(catalogue, say, created) {
  const gameSelect = h("select", { id: "new-game", name: "game" },
    catalogue.games.map((game) => h("option", { value: game.name }, game.title)));
  const presetSelect = h("select", { id: "new-preset", name: "preset" });
  const seatsBox = h("ol", { id: "new-seats", class: "seat-picks" });
  const kinds = catalogue.seats;

  const gameOf = () => catalogue.games.find((game) => game.name === gameSelect.value);
  const seatPick = (index, kind) => h("li", {},
    h("label", { for: `new-seat-${index}` }, `Seat ${index} `),
    h("select", { id: `new-seat-${index}`, "data-seat": index },
      kinds.map((k) => h("option", { value: k, selected: k === kind }, k === "human" ? "a person" : `bot: ${k}`))));
  const setSeats = (count) => {
    const previous = [...seatsBox.querySelectorAll("select")].map((select) => select.value);
    const picks = [];
    for (let i = 0; i < count; i += 1) picks.push(seatPick(i, previous[i] || (i === 0 ? "human" : kinds[1] || "human")));
    seatsBox.replaceChildren(...picks);
  };
  const fillPresets = () => {
    const game = gameOf();
    presetSelect.replaceChildren(h("option", { value: "" }, "defaults"),
      ...Object.keys(game.presets).map((name) => h("option", { value: name }, name)));
    setSeats(seatCount(game, ""));
  };
  gameSelect.addEventListener("change", fillPresets);
  presetSelect.addEventListener("change", () => setSeats(seatCount(gameOf(), presetSelect.value)));
  fillPresets();

  const submit = async (event) => {
    event.preventDefault();
    const body = {
      game: gameSelect.value,
      seats: [...seatsBox.querySelectorAll("select")].map((select) => select.value),
    };
    if (presetSelect.value) body.preset = presetSelect.value;
    try {
      const table = await api.createTable(body);
      say(`Table ${table.id} is open: choose a seat below.`, false);
      document.getElementById("lobby-message").dataset.table = table.id;
      created(table);
    } catch (error) {
      say(`Could not open the table: ${error.message}`, true);
    }
  };
  return h("form", { class: "panel", id: "create", onsubmit: submit },
    h("h2", {}, "Open a table"),
    h("p", {}, h("label", { for: "new-game" }, "Game "), gameSelect, " ",
      h("label", { for: "new-preset" }, "Preset "), presetSelect),
    seatsBox,
    h("p", {},
      h("button", { type: "button", onclick: () => setSeats(seatsBox.children.length + 1) }, "Add a seat"), " ",
      h("button", { type: "button", onclick: () => setSeats(Math.max(1, seatsBox.children.length - 1)) }, "Remove a seat"), " ",
      h("button", { type: "submit", id: "create-table" }, "Open the table")));
}
