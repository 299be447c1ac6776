// The client's entry: the address says which page to draw.
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";
import { h } from "./dom.js";

const root = document.getElementById("app");
const match = location.pathname.match(/^\/tables\/([^/]+)\/?$/);
try {
  if (match) {
    const query = new URLSearchParams(location.search);
    showTable(root, decodeURIComponent(match[1]), query.get("token"), query.has("hotseat"));
  } else {
    showLobby(root);
  }
} catch (error) {
  root.replaceChildren(h("p", { class: "error", role: "alert" }, String(error.message || error)));
}
