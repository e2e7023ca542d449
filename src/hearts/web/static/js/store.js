// What the page keeps in localStorage: settings, statistics per variant, the game to resume.

const KEYS = { settings: "hearts.settings", stats: "hearts.stats", current: "hearts.current" };

export const DEFAULT_SETTINGS = {
  table: "green", back: "blue", fourColour: false, sound: true, speed: "normal",
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

export function loadStats() { return read(KEYS.stats, { variants: {}, counted: [] }); }
export function resetStats() { write(KEYS.stats, { variants: {}, counted: [] }); }

/**
 * Count a finished game once (by game id) for its variant.
 * @param {string} id game id
 * @param {string} variant
 * @param {boolean} won whether the user is among the winners
 * @param {number} score the user's final total
 */
export function recordResult(id, variant, won, score) {
  const stats = loadStats();
  if (stats.counted.includes(id)) return stats;
  stats.counted.push(id);
  if (stats.counted.length > 200) stats.counted = stats.counted.slice(-200);
  const v = stats.variants[variant] ||
    { played: 0, wins: 0, best: null, streak: 0, longest: 0 };
  v.played += 1;
  if (won) {
    v.wins += 1;
    v.streak += 1;
    v.longest = Math.max(v.longest, v.streak);
  } else {
    v.streak = 0;
  }
  if (v.best === null || score < v.best) v.best = score;
  stats.variants[variant] = v;
  write(KEYS.stats, stats);
  return stats;
}
