// The client's entry: the language first (the switch in the header), then the address says
// which page to draw. Switching the language draws the page again in it.
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";
import { h } from "./dom.js";
import * as i18n from "./i18n.js";

const root = document.getElementById("app");
const match = location.pathname.match(/^\/tables\/([^/]+)\/?$/);
let page = null;

function draw() {
  if (page && typeof page.stop === "function") page.stop();
  page = null;
  try {
    if (match) {
      const query = new URLSearchParams(location.search);
      page = showTable(root, decodeURIComponent(match[1]), query.get("token"), query.has("hotseat"));
    } else {
      page = showLobby(root);
    }
  } catch (error) {
    root.replaceChildren(h("p", { class: "error", role: "alert" }, String(error.message || error)));
  }
}

function languageSwitch() {
  const select = h("select", { id: "language", "aria-label": "Language / Idioma / Język" },
    i18n.LANGUAGES.map((code) =>
      h("option", { value: code, lang: code, selected: code === i18n.language() }, i18n.LANGUAGE_NAMES[code])));
  select.addEventListener("change", () => i18n.choose(select.value));
  return h("span", { class: "language" }, select);
}

i18n.onChange(draw);
i18n.load(i18n.preferred()).then(() => {
  document.querySelector("header.top").append(languageSwitch());
  draw();
});
