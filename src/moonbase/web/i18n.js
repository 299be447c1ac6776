// The client's texts in the player's language: English, Spanish or Polish. The catalog of a
// language comes from the server (GET /api/i18n/{lang}); a text it lacks is shown in English.
// t("text", {field}) translates a text and fills its {fields}; tn(singular, plural, n, {fields})
// chooses the plural form for n by the language's own rule ({n} is filled with n). Action
// notation (ROLL, MOVE 3, TAKE SATURN…) is never passed through t(): it is the same everywhere.

export const LANGUAGES = ["en", "es", "pl"];
// Each language named in its own language, for the switch.
export const LANGUAGE_NAMES = { en: "English", es: "Español", pl: "Polski" };
const KEY = "moonbase.lang";

let lang = "en";
let messages = {};
const listeners = [];

// Which plural form n takes: English 2 forms, Spanish 3 (one, many: whole millions, other),
// Polish 3 (1; 2–4, 22–24, … but not 12–14; the rest).
const PLURAL = {
  en: (n) => (n === 1 ? 0 : 1),
  es: (n) => (n === 1 ? 0 : n !== 0 && n % 1000000 === 0 ? 1 : 2),
  pl: (n) => (n === 1 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 1 : 2),
};

export function pluralIndex(code, n) {
  return (PLURAL[code] || PLURAL.en)(Math.abs(Number(n)));
}

function fill(text, fields) {
  if (!fields) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in fields ? String(fields[name]) : whole));
}

export function t(text, fields) {
  const found = messages[text];
  return fill(typeof found === "string" && found ? found : text, fields);
}

export function tn(singular, plural, n, fields) {
  const forms = messages[singular];
  const index = pluralIndex(lang, n);
  let text = n === 1 ? singular : plural;
  if (Array.isArray(forms) && forms[index]) text = forms[index];
  return fill(text, { n, ...(fields || {}) });
}

export function language() {
  return lang;
}

// The language to speak: the one chosen on this browser before, else the first of the
// browser's languages that moonbase speaks, else English.
export function preferred() {
  const kept = localStorage.getItem(KEY);
  if (LANGUAGES.includes(kept)) return kept;
  for (const tag of navigator.languages || [navigator.language || ""]) {
    const code = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(code)) return code;
  }
  return "en";
}

// Load `code`'s catalog and speak it (English needs no catalog; a catalog that cannot be
// loaded leaves the texts in English).
export async function load(code) {
  const wanted = LANGUAGES.includes(code) ? code : "en";
  let table = {};
  if (wanted !== "en") {
    try {
      const answer = await fetch(`/api/i18n/${wanted}`);
      if (answer.ok) table = (await answer.json()).messages || {};
    } catch {
      table = {};
    }
  }
  lang = wanted;
  messages = table;
  document.documentElement.lang = wanted;
  return wanted;
}

// Switch to `code` now, remember it on this browser, and tell whoever redraws the page.
export async function choose(code) {
  localStorage.setItem(KEY, code);
  await load(code);
  for (const listener of listeners) listener(lang);
}

export function onChange(listener) {
  listeners.push(listener);
}

// `path` with this page's language in its query, so that the server answers in it too.
export function withLang(path) {
  return `${path}${path.includes("?") ? "&" : "?"}lang=${lang}`;
}
