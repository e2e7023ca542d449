// Links that reproduce a game: reading ?deal=&variant=&players=&level=&opt.* (and ?lang=, read by i18n.js)
// and keeping the address in step.
import { $, MAX_GAME, app, currentSettings, levels, players } from "./state.js";
import { optionLabel, overrides, parseOptionValue, variantName } from "./options.js";
import { getLanguage, t } from "./i18n.js";

/**
 * The game the address asks for: {has, settings, problems}. Each part that cannot be used is left out
 * (the rest of the link still counts) and described in `problems` (sentences in the page's language).
 */
export function readUrl() {
  const q = new URLSearchParams(location.search);
  const has = ["deal", "variant", "players", "level"].some((k) => q.has(k)) || [...q.keys()].some((k) => k.startsWith("opt."));
  const problems = [];
  const shown = (x) => (x.length > 24 ? `${x.slice(0, 24)}…` : x);
  let variant = "standard";
  if (q.has("variant")) {
    if (app.catalog.variants.some((v) => v.name === q.get("variant"))) variant = q.get("variant");
    else problems.push(t("bad_variant", { v: shown(q.get("variant")) }));
  }
  const v = app.catalog.variants.find((x) => x.name === variant);
  let pl = v ? v.default_players : 4;
  if (q.has("players")) {
    const raw = q.get("players");
    const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
    const allowed = v ? v.players : [3, 4, 5, 6];
    if (allowed.includes(n)) pl = n;
    else problems.push(t("bad_players", { v: shown(raw), min: Math.min(...allowed), max: Math.max(...allowed) }));
  }
  const options = {};
  for (const [k, raw] of q.entries()) {
    if (!k.startsWith("opt.")) continue;
    const spec = app.catalog.options.find((o) => o.key === k.slice(4));
    const val = parseOptionValue(spec, raw);
    const inRange = val !== undefined && (!spec || spec.type !== "int" ||
      ((spec.min === undefined || val >= spec.min) && (spec.max === undefined || val <= spec.max)));
    if (!spec) problems.push(t("bad_opt_key", { k: shown(k.slice(4)) }));
    else if (!inRange) problems.push(t("bad_opt", { k: spec.key, v: shown(raw), rule: optionLabel(spec) }));
    else options[spec.key] = val;
  }
  let game = null;
  if (q.has("deal")) {
    const raw = q.get("deal");
    const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (n >= 1 && n <= MAX_GAME) game = n;
    else problems.push(t("bad_deal", { v: shown(raw), max: MAX_GAME }));
  }
  if (q.has("lang") && !["en", "ja"].includes(q.get("lang"))) problems.push(t("bad_lang", { v: shown(q.get("lang")) }));
  let level = "medium";
  if (q.has("level")) {
    if (levels().includes(q.get("level"))) level = q.get("level");
    else problems.push(t("bad_level", { v: shown(q.get("level")) }));
  }
  return {
    has, problems,
    settings: { variant, players: pl, options: overrides(app.catalog, variant, options), level, game },
  };
}

/** "game #123: Hearts (standard), 4 players" for the notice about a link. */
export function describeGame(s) {
  const v = app.catalog.variants.find((x) => x.name === s.variant);
  return t("game_desc", { n: s.game, variant: variantName(s.variant, v && v.title), players: s.players });
}

export function urlFor(s) {
  const q = new URLSearchParams();
  q.set("deal", String(s.game));
  if (s.variant !== "standard") q.set("variant", s.variant);
  const v = app.catalog.variants.find((x) => x.name === s.variant);
  if (!v || s.players !== v.default_players) q.set("players", String(s.players));
  if (s.level && s.level !== "medium") q.set("level", s.level);
  for (const [k, val] of Object.entries(s.options || {})) q.set(`opt.${k}`, String(val));
  if (new URLSearchParams(location.search).has("lang")) q.set("lang", getLanguage()); // a link's language stays
  return `${location.pathname}?${q.toString()}${location.hash}`;
}

export function syncUrl() {
  if (!app.state) return;
  history.replaceState(null, "", urlFor(currentSettings()));
}

export function sameGame(cur, s) {
  if (!cur || cur.game !== s.game || cur.variant !== s.variant || cur.players !== s.players) return false;
  if ((cur.level || "medium") !== (s.level || "medium")) return false;
  const a = overrides(app.catalog, cur.variant, cur.options);
  const b = s.options || {};
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && a[k] === b[k]);
}


/** After a language switch: an address that names a language (`?lang=`) names the new one. */
export function syncUrlLanguage() {
  const q = new URLSearchParams(location.search);
  if (!q.has("lang") || q.get("lang") === getLanguage()) return;
  q.set("lang", getLanguage());
  history.replaceState(history.state, "", `${location.pathname}?${q.toString()}${location.hash}`);
}
