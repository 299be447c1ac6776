// The live socket of a table: the server pushes the whole state for this seat after every
// change, so a (re)connection is a resync. The client never applies a move itself. The
// socket names the page's language: the server speaks it to this connection for its life.
import { t, withLang } from "./i18n.js";

const CLOSED_FOR_GOOD = new Set([4403, 4404, 4422]);
const FIRST_DELAY = 250;
const LONGEST_DELAY = 8000;

export class Live {
  // handlers: {state(body), table(body), error(body), status(text, detail)}
  constructor(tableId, token, handlers) {
    this.tableId = tableId;
    this.token = token;
    this.handlers = handlers;
    this.attempt = 0;
    this.socket = null;
    this.stopped = false;
    this.timer = null;
    this.connect();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const query = this.token ? `?token=${encodeURIComponent(this.token)}` : "";
    return withLang(`${scheme}//${location.host}/api/tables/${encodeURIComponent(this.tableId)}/live${query}`);
  }

  connect() {
    this.timer = null;
    this.handlers.status(this.attempt === 0 ? "connecting" : "reconnecting");
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.attempt = 0;
      this.handlers.status("live");
    });
    socket.addEventListener("message", (event) => {
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      const handler = this.handlers[frame.type];
      if (handler) handler(frame);
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.stopped) return;
      if (CLOSED_FOR_GOOD.has(event.code)) {
        this.stopped = true;
        this.handlers.status("closed", event.reason);
        return;
      }
      this.retry();
    });
  }

  retry() {
    const delay = Math.min(LONGEST_DELAY, FIRST_DELAY * 2 ** this.attempt);
    this.attempt += 1;
    this.handlers.status("reconnecting", t("in {seconds} s", { seconds: Math.round(delay / 100) / 10 }));
    this.timer = setTimeout(() => this.connect(), delay * (0.8 + Math.random() * 0.4));
  }

  get open() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  send(frame) {
    if (!this.open) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  act(version, action) {
    return this.send({ type: "act", version, action });
  }

  undo() {
    return this.send({ type: "undo" });
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.socket) this.socket.close();
  }
}
