// The REST API of the moonbase server (docs/server.md), and the seats' tokens kept in
// localStorage. Every error the server answers becomes an ApiError carrying its text. Every
// request names the page's language (?lang=), so the server's messages are in it too.
import { t, withLang } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, body) {
    super(body && body.error ? body.error : t("the server answered {status}", { status }));
    this.status = status;
    this.body = body || {};
  }
}

export async function request(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(withLang(path), init);
  } catch (error) {
    throw new ApiError(0, { error: t("the server cannot be reached ({reason})", { reason: error.message }) });
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = { error: t("the server answered {status} without JSON", { status: response.status }) };
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

export const games = () => request("GET", "/api/games");
// The strong bot's suggestion for the token's seat: {version, seat, action, hint}.
export const hint = (tableId, token) =>
  request("GET", `/api/tables/${encodeURIComponent(tableId)}/hint?token=${encodeURIComponent(token)}`);
// The newest `limit` tables of a status (the API lists them oldest first, a page at a time),
// and how many there are.
export async function newestTables(status, limit = 100) {
  const first = await request("GET", `/api/tables?status=${status}&limit=${limit}`);
  if (first.total <= limit) return first;
  return request("GET", `/api/tables?status=${status}&limit=${limit}&offset=${first.total - limit}`);
}
export const table = (id) => request("GET", `/api/tables/${encodeURIComponent(id)}`);
export const createTable = (body) => request("POST", "/api/tables", body);
export const giveBack = (id, token) =>
  request("POST", `/api/tables/${encodeURIComponent(id)}/return`, { token });
export const join = (id, seat, name) =>
  request("POST", `/api/tables/${encodeURIComponent(id)}/join`, { seat, name });

const PREFIX = "moonbase.token";

export function saveToken(tableId, seat, token) {
  localStorage.setItem(`${PREFIX}.${tableId}.${seat}`, token);
}

// The tokens this browser holds for a table: [{seat, token}], by seat.
export function tokensOf(tableId) {
  const found = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    const prefix = `${PREFIX}.${tableId}.`;
    if (key && key.startsWith(prefix)) {
      found.push({ seat: Number(key.slice(prefix.length)), token: localStorage.getItem(key) });
    }
  }
  return found.sort((a, b) => a.seat - b.seat);
}

export function tablePath(tableId, token) {
  const path = `/tables/${encodeURIComponent(tableId)}`;
  return token ? `${path}?token=${encodeURIComponent(token)}` : path;
}

// The hot-seat page of a table: every seat this browser holds there, one person at a time.
export function hotseatPath(tableId) {
  return `/tables/${encodeURIComponent(tableId)}?hotseat`;
}
