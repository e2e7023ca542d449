// What the page keeps in localStorage: settings, statistics per variant, the game to resume.

const KEYS = { settings: "hearts.settings", stats: "hearts.stats", current: "hearts.current" };

export const DEFAULT_SETTINGS = {
  table: "green", back: "blue", fourColour: false, sound: true, speed: "normal", autoPlay: false,
};

function read(key, fallback) {
  try {
    const raw = localStorage.getItem(key);
    return raw ? JSON.parse(raw) : fallback;
  } catch (e) {
    return fallback;
  }
}

function write(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* storage full or blocked */ }
}

export function loadSettings() { return { ...DEFAULT_SETTINGS, ...read(KEYS.settings, {}) }; }
export function saveSettings(s) { write(KEYS.settings, s); }

/** The game to resume: {id, token, game, variant, players, options, level} or null. */
export function loadCurrent() { return read(KEYS.current, null); }
export function saveCurrent(c) { write(KEYS.current, c); }
export function clearCurrent() { try { localStorage.removeItem(KEYS.current); } catch (e) { /* */ } }

/** Key of a statistics column: variant and number of players ("standard/4"). */
export function statsKey(variant, players) { return `${variant}/${players}`; }

function emptyStats() { return { version: 2, tables: {}, counted: [] }; }

/**
 * Statistics: {version: 2, tables: {"standard/4": {variant, players, played, wins, best, streak, longest}},
 * counted: [game ids]}. Statistics of the first format (one entry per variant, any number of players) are
 * kept under "<variant>/all" with players null, since their table size is not known.
 */
export function loadStats() {
  const raw = read(KEYS.stats, null);
  if (!raw || typeof raw !== "object") return emptyStats();
  if (raw.version === 2 && raw.tables) return raw;
  const out = emptyStats();
  out.counted = Array.isArray(raw.counted) ? raw.counted : [];
  for (const [variant, v] of Object.entries(raw.variants || {})) {
    if (v && typeof v === "object") out.tables[`${variant}/all`] = { ...v, variant, players: null };
  }
  write(KEYS.stats, out);
  return out;
}
export function resetStats() { write(KEYS.stats, emptyStats()); }

/**
 * Count a finished game once (by game id) for its variant and number of players.
 * @param {string} id game id
 * @param {string} variant
 * @param {number} players
 * @param {boolean} won whether the user is among the winners
 * @param {number} score the user's final total
 */
export function recordResult(id, variant, players, won, score) {
  const stats = loadStats();
  if (stats.counted.includes(id)) return stats;
  stats.counted.push(id);
  if (stats.counted.length > 200) stats.counted = stats.counted.slice(-200);
  const key = statsKey(variant, players);
  const v = stats.tables[key] ||
    { variant, players, played: 0, wins: 0, best: null, streak: 0, longest: 0 };
  v.played += 1;
  if (won) {
    v.wins += 1;
    v.streak += 1;
    v.longest = Math.max(v.longest, v.streak);
  } else {
    v.streak = 0;
  }
  if (v.best === null || score < v.best) v.best = score;
  stats.tables[key] = v;
  write(KEYS.stats, stats);
  return stats;
}
