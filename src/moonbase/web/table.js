// A table's page: the live socket, whose turn, the seats with their connection and clock, the
// board drawn from this seat's view, the action list, undo, the seat's log and the result.
// Everything drawn comes from the last state the server pushed: the client applies nothing.
import * as api from "./api.js";
import { h, seatName, seatMarker, s } from "./dom.js";
import { Live } from "./socket.js";
import { breakdown } from "./result.js";
import { t, tn } from "./i18n.js";

const BOARDS = {
  "moon-leap": "./boards/moon_leap.js",
  moon: "./boards/moon.js",
  moons: "./boards/moons.js",
  "welcome-to-the-moon": "./boards/welcome_to_the_moon.js",
};
const MANY_ACTIONS = 24;
const LOG_LINES = 40;

export function showTable(root, tableId, token, hotseat = false) {
  const page = new TablePage(root, tableId, token, hotseat);
  page.start();
  return page;
}

class TablePage {
  constructor(root, tableId, token, hotseat) {
    this.root = root;
    this.tableId = tableId;
    this.token = token;
    // hot-seat: every seat this browser holds at the table, each with its own socket; the
    // page shows one seat at a time and covers the screen when another is to act
    this.held = hotseat ? api.tokensOf(tableId).map((entry) => ({ ...entry, state: null, live: null })) : null;
    if (this.held && this.held.length === 0) this.held = null;
    this.covered = null;
    this.state = null;
    this.table = null;
    this.board = null;
    this.local = {};
    this.filter = "";
    this.pending = null;
    this.clockTimer = null;
    this.stateAt = 0;
    this.replay = null;
    this.tableTimer = null;
    this.hinted = null;
  }

  start() {
    document.getElementById("where").textContent = t("table {table}", { table: this.tableId });
    const el = (tag, id, attributes = {}, ...children) => h(tag, { id, ...attributes }, ...children);
    this.parts = {
      connection: el("span", "connection", { class: "connection", "data-status": "connecting" }, t("connecting…")),
      who: el("span", "who"),
      turn: el("p", "turn", { class: "turn" }),
      message: el("p", "message", { class: "message", role: "status" }),
      board: el("div", "board", { class: "board" }),
      result: el("section", "result", { class: "panel result", hidden: true }),
      actions: el("div", "actions", { class: "actions" }),
      undo: el("button", "undo", { type: "button", onclick: () => this.undo() }, t("Undo")),
      hint: el("button", "hint", { type: "button", onclick: () => this.askHint() }, t("Hint")),
      seats: el("ul", "seats", { class: "seat-list" }),
      log: el("ol", "log", { class: "log", reversed: true }),
      replay: el("div", "replay", { class: "replay-bar" }),
    };
    const p = this.parts;
    this.root.replaceChildren(
      h("div", { class: "table-page" },
        h("div", { class: "status-bar" }, p.who,
          h("span", {}, h("button", { type: "button", id: "replay-open", class: "small", onclick: () => this.startReplay() }, t("Replay")), " ", p.connection)),
        p.turn,
        p.message,
        p.replay,
        p.result,
        h("div", { class: "layout" },
          h("section", { class: "panel play", "aria-label": t("the table") }, p.board),
          h("aside", { class: "side" },
            h("section", { class: "panel", "aria-label": t("your actions") },
              h("h2", {}, t("Actions")), p.actions, this.token || this.held ? (p.tools = h("p", { class: "tools" }, p.undo, " ", p.hint)) : null),
            h("section", { class: "panel" }, h("h2", {}, t("Seats")), p.seats),
            h("section", { class: "panel" }, h("h2", {}, t("What just happened")), p.log)))));
    if (this.held) this.startHotseat();
    else {
      this.live = new Live(this.tableId, this.token, {
        state: (frame) => this.onState(frame),
        table: (frame) => this.onTable(frame),
        error: (frame) => this.onError(frame),
        status: (status, detail) => this.onStatus(status, detail),
      });
    }
    api.table(this.tableId).then((table) => this.onTable(table), (error) => this.say(error.message, true));
    this.clockTimer = setInterval(() => this.drawSeats(), 1000);
    // boards lay themselves out for the width: redraw when it changes (a phone turned)
    let resizing = null;
    this.onResize = () => {
      clearTimeout(resizing);
      resizing = setTimeout(() => this.drawBoard(), 150);
    };
    window.addEventListener("resize", this.onResize);
  }

  // Close the page's sockets and timers (the page is drawn again, in another language).
  stop() {
    this.stopped = true;
    clearInterval(this.clockTimer);
    clearTimeout(this.tableTimer);
    window.removeEventListener("resize", this.onResize);
    if (this.live) this.live.stop();
    for (const entry of this.held || []) if (entry.live) entry.live.stop();
  }

  startHotseat() {
    this.parts.cover = h("section", { id: "cover", class: "panel cover", hidden: true });
    this.parts.turn.after(this.parts.cover);
    this.shown = null;
    for (const entry of this.held) {
      const mine = () => entry === this.shown && !this.covered;
      entry.live = new Live(this.tableId, entry.token, {
        state: (frame) => this.onSeatState(entry, frame),
        table: (frame) => this.onTable(frame),
        error: (frame) => { if (mine()) this.onError(frame); },
        status: (status, detail) => { if (entry === (this.shown || this.held[0])) this.onStatus(status, detail); },
      });
    }
  }

  onSeatState(entry, frame) {
    entry.state = frame;
    const toAct = frame.to_act;
    if (this.shown && !this.covered && toAct.includes(this.shown.seat)) {
      if (entry === this.shown) this.onState(frame);
      return;
    }
    const next = this.held.find((held) => toAct.includes(held.seat) && held.state);
    if (next && next !== this.shown && next !== this.covered) {
      this.cover(next);
      return;
    }
    if (!this.shown && !this.covered) this.cover(entry);
    else if (entry === this.shown && !this.covered) this.onState(frame);
  }

  // Hide everything of the seat shown until the next person says they are at the screen.
  cover(entry) {
    this.covered = entry;
    const p = this.parts;
    for (const part of [p.board, p.actions, p.log, p.result, p.replay]) part.replaceChildren();
    p.result.hidden = true;
    p.who.textContent = t("Hot-seat");
    p.turn.textContent = "";
    this.say("", false);
    const name = seatName(this.table, entry.seat);
    p.cover.hidden = false;
    p.cover.replaceChildren(
      h("h2", {}, t("Pass the screen to {name}", { name })),
      h("p", {}, t("The last seat's cards and sheet are hidden until the next player is here.")),
      h("button", { type: "button", id: "hotseat-show", "data-seat": entry.seat, onclick: () => this.uncover() }, t("I am {name}: show my seat", { name })));
    p.cover.querySelector("button").focus();
  }

  uncover() {
    const entry = this.covered;
    this.covered = null;
    this.shown = entry;
    this.token = entry.token;
    this.live = entry.live;
    this.local = {};
    this.filter = "";
    this.hinted = null;
    this.parts.cover.hidden = true;
    this.parts.cover.replaceChildren();
    this.onStatus(entry.live.open ? "live" : "reconnecting");
    this.onState(entry.state);
  }

  // The seat this page's token opens: as the server's state says, or before the first one
  // as saved when this browser joined; null for a spectator.
  get seat() {
    if (!this.token) return null;
    if (this.state && typeof this.state.seat === "number") return this.state.seat;
    const held = api.tokensOf(this.tableId).find((entry) => entry.token === this.token);
    return held ? held.seat : null;
  }

  say(text, isError) {
    const m = this.parts.message;
    m.textContent = text || "";
    m.className = isError ? "message error" : "message";
    m.setAttribute("role", isError ? "alert" : "status");
  }

  onStatus(status, detail) {
    const c = this.parts.connection;
    c.dataset.status = status;
    const words = { connecting: t("connecting…"), live: t("live"), reconnecting: t("reconnecting"), closed: t("closed") };
    c.textContent = detail ? `${words[status]} ${detail}` : words[status];
    if (status === "closed") this.say(detail || t("The table refused this page's connection."), true);
    this.drawActions();
  }

  onTable(table) {
    const { type, ...body } = table;
    this.table = body;
    document.title = t("{game} · table {table} · moonbase", { game: body.game, table: body.id });
    if (this.covered || (this.held && !this.shown)) {
      this.drawSeats();
      return;
    }
    if (!this.state) {
      this.drawHeader();
      return;
    }
    if (!this.board) { // the board waited for the table to know its game: draw it all now
      this.render();
      return;
    }
    // Not the board nor the log: they change with the state only, and drawing the board again
    // under a pointer (a seat's connection or a clock changed) would lose a click in progress.
    this.drawHeader();
    this.drawTurn();
    this.drawActions();
    this.drawSeats();
    this.drawResult();
  }

  onError(frame) {
    this.pending = null;
    let text = frame.error || t("error {status}", { status: frame.status });
    if (frame.state) {
      text = t("{error} — the table has moved on; here it is as it stands now.", { error: text });
      this.onState(frame.state);
    }
    this.say(text, true);
    if (frame.status === 403 && !this.state) this.drawActions();
  }

  onState(frame) {
    const { type, ...body } = frame;
    this.state = body;
    // a link shared from another browser: keep its seat, as when joining here
    const known = api.tokensOf(this.tableId).some((entry) => entry.token === this.token);
    if (this.token && typeof body.seat === "number" && !known) {
      api.saveToken(this.tableId, body.seat, this.token);
    }
    this.stateAt = Date.now();
    this.refreshTable();
    if (this.pending !== null) this.say("", false);
    this.pending = null;
    this.render();
  }

  // The seats can change without a table push (a bot taking a seat over, or giving it back):
  // read the table again shortly after a change, once for a burst of changes.
  refreshTable() {
    if (this.tableTimer) return;
    this.tableTimer = setTimeout(() => {
      this.tableTimer = null;
      api.table(this.tableId).then((table) => this.onTable(table), () => {});
    }, 400);
  }

  render() {
    if (this.covered) return;
    this.parts.turn.dataset.version = String(this.state.version);
    this.drawHeader();
    this.drawTurn();
    this.drawBoard();
    this.drawActions();
    this.drawSeats();
    this.drawLog();
    this.drawResult();
  }

  act(action) {
    if (!this.state) return;
    if (!this.live.act(this.state.version, action)) {
      this.say(t("Not connected: the page is reconnecting; try again in a moment."), true);
      return;
    }
    this.pending = action;
    this.local = {}; // a selection on the board (a card, a combination) was for this action
    this.say(t("Sent {action}…", { action }), false);
  }

  async takeBack() {
    try {
      this.onTable(await api.giveBack(this.tableId, this.token));
      this.say(t("Your seat is yours again."), false);
    } catch (error) {
      this.say(error.message, true);
    }
  }

  // Ask the server what the strong bot would do in this seat's place (from its view only);
  // say why, and mark the suggested action on the board and in the list until the table moves.
  async askHint() {
    if (!this.token || !this.state) return;
    const button = this.parts.hint;
    button.disabled = true;
    this.say(t("Thinking about a hint…"), false);
    try {
      const answer = await api.hint(this.tableId, this.token);
      this.hinted = answer.version === this.state.version ? answer : null;
      this.say(t("Hint: {hint}", { hint: answer.hint }), false);
      this.markHint();
    } catch (error) {
      this.say(t("No hint: {reason}", { reason: error.message }), true);
    } finally {
      button.disabled = this.isOver();
    }
  }

  // The hinted action's elements: the ones that play it, else the board's first step to it
  // (an operation card, a combination); and its button in the action list.
  markHint() {
    for (const old of this.root.querySelectorAll(".hinted")) old.classList.remove("hinted");
    delete this.parts.board.dataset.hint;
    const hinted = this.hinted;
    if (!hinted || !this.state || hinted.version !== this.state.version || this.replay) return;
    const quoted = CSS.escape(hinted.action);
    let targets = [...this.parts.board.querySelectorAll(`[data-action="${quoted}"]`)];
    if (targets.length === 0) {
      const [word, second] = hinted.action.split(" ");
      const first = word === "WRITE" ? `.combo[data-combination="${CSS.escape(second || "")}"]` : `[data-op="${CSS.escape(word)}"]`;
      targets = [...this.parts.board.querySelectorAll(first)];
    }
    targets.push(...this.parts.actions.querySelectorAll(`[data-action="${quoted}"]`));
    for (const target of targets) target.classList.add("hinted");
    this.parts.board.dataset.hint = hinted.action;
  }

  undo() {
    if (!this.live.undo()) this.say(t("Not connected: the page is reconnecting; try again in a moment."), true);
  }

  ctx() {
    const legal = new Set(this.state ? this.state.legal : []);
    return {
      seat: this.seat,
      legal,
      table: this.table,
      local: this.local,
      act: (action) => this.act(action),
      redraw: () => this.drawBoard(),
      filter: (text) => {
        this.filter = text;
        this.drawActions();
      },
      name: (seat) => seatName(this.table, seat),
    };
  }

  drawHeader() {
    const seat = this.seat;
    const who = this.parts.who;
    if (!this.token) who.textContent = t("Watching as a spectator");
    else if (seat === null) who.textContent = t("Your seat");
    else who.textContent = t("You are {name}", { name: seatName(this.table, seat) });
    who.dataset.seat = seat === null ? "spectator" : String(seat);
  }

  // Whether the state this page shows is the game's end.
  isOver() {
    const { state } = this;
    if (!state) return false;
    const view = state.view || {};
    return state.to_act.length === 0 || view.over === true || view.phase === "over";
  }

  // Undo and Hint while the game goes on; once it is over there is nothing to undo or ask
  // about: hidden (and disabled, for a keyboard that still reaches them).
  drawTools(live) {
    const over = this.isOver();
    this.parts.undo.disabled = !live || over;
    this.parts.hint.disabled = over;
    if (this.parts.tools) this.parts.tools.hidden = over;
  }

  drawTurn() {
    const { state, table } = this;
    const turn = this.parts.turn;
    if (!state) return;
    const over = this.isOver();
    turn.dataset.over = String(over);
    if (over) {
      turn.textContent = t("The game is over.");
      return;
    }
    const mine = this.seat !== null && state.to_act.includes(this.seat);
    const others = state.to_act.filter((seat) => seat !== this.seat).map((seat) => seatName(table, seat));
    let text;
    if (mine) text = others.length ? t("Your turn (with {others}).", { others: others.join(", ") }) : t("Your turn.");
    else text = t("Waiting for {others}.", { others: others.join(", ") });
    turn.textContent = text;
    turn.classList.toggle("mine", mine);
  }

  async drawBoard() {
    if (this.covered) return;
    const { state } = this;
    if (!state || !this.table) return;
    const where = this.parts.board;
    const path = BOARDS[this.table.game];
    if (!path) {
      where.replaceChildren(h("p", { class: "quiet" },
        t("This game has no drawn board yet: play it from the action list; the view is below.")),
        h("pre", { class: "view" }, JSON.stringify(state.view, null, 1)));
      return;
    }
    if (!this.board) {
      try {
        this.board = await import(path);
      } catch (error) {
        where.replaceChildren(h("p", { class: "error" }, t("The board could not be loaded: {reason}", { reason: error.message })));
        return;
      }
    }
    if (this.replay) {
      const step = this.replay.steps[this.replay.at];
      const ctx = { ...this.ctx(), legal: new Set(), act: () => {} };
      where.replaceChildren(this.board.render(step.view, ctx));
      return;
    }
    where.replaceChildren(this.board.render(this.state.view, this.ctx()));
    this.markHint();
  }

  drawActions() {
    if (this.covered) return;
    const box = this.parts.actions;
    const legal = this.state ? this.state.legal : [];
    if (!this.token) {
      box.replaceChildren(h("p", { class: "quiet" }, t("Spectators watch; join a seat in the lobby to play.")));
      return;
    }
    const live = this.live && this.live.open;
    if (legal.length === 0) {
      box.replaceChildren(h("p", { class: "quiet" }, this.state ? t("Nothing to do now.") : t("Waiting for the table…")));
      this.drawTools(live);
      return;
    }
    const shown = this.filter
      ? legal.filter((action) => action.toLowerCase().includes(this.filter.toLowerCase()))
      : legal;
    const buttons = shown.map((action) =>
      h("button", { type: "button", class: "action", "data-action": action, disabled: !live, onclick: () => this.act(action) }, action));
    const children = [];
    if (legal.length > MANY_ACTIONS) {
      const input = h("input", {
        type: "search", id: "action-filter", value: this.filter,
        placeholder: tn("filter {n} action", "filter {n} actions", legal.length), "aria-label": t("filter the actions"),
      });
      input.addEventListener("input", () => {
        this.filter = input.value;
        this.drawActions();
        const again = document.getElementById("action-filter");
        again.focus();
        again.setSelectionRange(again.value.length, again.value.length);
      });
      children.push(input);
    }
    children.push(h("div", { class: "action-list", role: "group", "aria-label": t("legal actions") }, buttons));
    if (shown.length < legal.length) {
      children.push(h("p", { class: "quiet" }, tn("{shown} of {n} shown", "{shown} of {n} shown", legal.length, { shown: shown.length })));
    }
    box.replaceChildren(...children);
    this.drawTools(live);
    this.markHint();
  }

  drawSeats() {
    const { table, state } = this;
    if (!table) return;
    const clock = (state && state.clock) || table.clock;
    const since = state && state.clock ? (Date.now() - this.stateAt) / 1000 : 0;
    const toAct = state ? state.to_act : table.to_act;
    this.parts.seats.replaceChildren(...table.seats.map((seat) => {
      const parts = [
        h("span", { class: "marker" }, marker(seat.seat)),
        h("span", { class: "name" }, seatName(table, seat.seat)),
      ];
      if (seat.kind === "human") {
        parts.push(h("span", { class: `presence ${seat.connected ? "on" : "off"}` },
          seat.taken ? (seat.connected ? t("online") : t("offline")) : t("open seat")));
      } else if (seat.taken_over) {
        parts.push(h("span", { class: "presence off" }, t("a bot plays for {name}", { name: seat.player })));
        if (seat.seat === this.seat && this.token) {
          parts.push(h("button", { type: "button", class: "small", id: "take-back", onclick: () => this.takeBack() }, t("Take my seat back")));
        }
      }
      const time = clock && clock.seats ? clock.seats[seat.seat] : null;
      if (time && typeof time.time_left === "number") {
        const left = Math.max(0, time.time_left - (time.running ? since : 0));
        parts.push(h("span", { class: `clock${time.running ? " running" : ""}` }, formatTime(left)));
      }
      if (toAct.includes(seat.seat)) parts.push(h("span", { class: "to-act" }, t("to act")));
      return h("li", { "data-seat": seat.seat, "data-connected": String(seat.connected) }, parts);
    }));
  }

  drawLog() {
    if (this.covered) return;
    const { state, table } = this;
    if (!state) return;
    let log = state.log;
    if (this.replay) {
      log = this.replay.steps.slice(1, this.replay.at + 1).map((step) => step.entry);
    }
    const entries = log.slice(-LOG_LINES).reverse();
    this.parts.log.start = log.length;
    this.parts.log.style.setProperty("--digits", String(String(log.length).length));
    this.parts.log.replaceChildren(...entries.map(([who, action]) =>
      h("li", { class: who === -1 ? "chance" : "" },
        h("span", { class: "who" }, seatName(table, who)), ": ", action)));
  }

  drawResult() {
    if (this.covered) return;
    const { state } = this;
    const box = this.parts.result;
    const over = state && state.to_act.length === 0;
    box.hidden = !over;
    if (!over) return;
    box.replaceChildren(h("h2", {}, t("The end")),
      breakdown(state.view, this.table, this.board),
      h("p", {},
        h("button", { type: "button", id: "play-again", onclick: () => this.playAgain() }, t("Play again")), " ",
        h("button", { type: "button", id: "replay-start", onclick: () => this.startReplay() }, t("Replay the game")), " ",
        h("a", { class: "button", href: "/" }, t("Back to the lobby"))));
  }

  // A new table like this one (game, options, who sits where); this page's person sits in
  // the same seat under the same name.
  async playAgain() {
    const table = this.table;
    const seats = table.seats.map((seat) => (seat.kind === "bot" && !seat.taken_over ? seat.name : "human"));
    try {
      const fresh = await api.createTable({ game: table.game, options: table.options, seats });
      const seat = this.seat;
      const entry = seat === null ? null : table.seats[seat];
      const name = entry ? entry.player || entry.name : null;
      if (seat === null || !name) {
        location.assign("/");
        return;
      }
      const joined = await api.join(fresh.id, seat, name);
      api.saveToken(fresh.id, seat, joined.token);
      location.assign(api.tablePath(fresh.id, joined.token));
    } catch (error) {
      this.say(t("Could not open a new table: {reason}", { reason: error.message }), true);
    }
  }

  // Step through the game as this seat (or a spectator) saw it: the server's replay.
  async startReplay() {
    const query = this.token ? `?token=${encodeURIComponent(this.token)}` : "";
    try {
      this.replay = await api.request("GET", `/api/tables/${encodeURIComponent(this.tableId)}/replay${query}`);
    } catch (error) {
      this.say(t("The replay could not be loaded: {reason}", { reason: error.message }), true);
      return;
    }
    this.replay.at = this.replay.steps.length - 1;
    this.drawReplay();
  }

  drawReplay() {
    const bar = this.parts.replay;
    if (!this.replay) {
      bar.replaceChildren();
      this.drawBoard();
      this.drawLog();
      return;
    }
    const last = this.replay.steps.length - 1;
    const go = (at) => () => {
      this.replay.at = Math.max(0, Math.min(last, at));
      this.drawReplay();
    };
    const at = this.replay.at;
    const step = this.replay.steps[at];
    const entry = step.entry ? `${seatName(this.table, step.entry[0])}: ${step.entry[1]}` : t("the deal");
    bar.replaceChildren(h("section", { class: "panel", "aria-label": t("replay") },
      h("strong", {}, t("Replay"), " "),
      h("button", { type: "button", id: "replay-first", onclick: go(0), disabled: at === 0 }, t("First")), " ",
      h("button", { type: "button", id: "replay-back", onclick: go(at - 1), disabled: at === 0 }, t("Back")), " ",
      h("span", { id: "replay-step", "data-step": at }, " ", t("step {step} of {last}: {entry}", { step: at, last, entry }), " "),
      h("button", { type: "button", id: "replay-next", onclick: go(at + 1), disabled: at === last }, t("Next")), " ",
      h("button", { type: "button", id: "replay-last", onclick: go(last), disabled: at === last }, t("Last")), " ",
      h("button", { type: "button", id: "replay-stop", onclick: () => { this.replay = null; this.drawReplay(); } }, t("Back to the table"))));
    this.drawBoard();
    this.drawLog();
  }
}

function marker(seat) {
  return s("svg", { viewBox: "0 0 20 20", width: 16, height: 16, "aria-hidden": "true" }, seatMarker(seat, 10, 10, 8));
}

function formatTime(seconds) {
  const whole = Math.ceil(seconds);
  if (whole >= 3600 * 24) return t("{days} d {hours} h", { days: Math.floor(whole / 86400), hours: Math.floor((whole % 86400) / 3600) });
  if (whole >= 3600) return t("{hours} h {minutes} min", { hours: Math.floor(whole / 3600), minutes: String(Math.floor((whole % 3600) / 60)).padStart(2, "0") });
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
