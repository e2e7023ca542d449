// Thin client of the JSON API (docs/web-api.md). Every call about a game sends X-Game-Token.

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message || code);
    this.status = status;
    this.code = code;
  }
}

async function request(method, path, { token, body } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers["X-Game-Token"] = token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, "network", String(e));
  }
  let data = null;
  try { data = await res.json(); } catch (e) { data = null; }
  if (!res.ok) {
    const err = (data && data.error) || {};
    const detail = data && data.detail;
    throw new ApiError(res.status, err.code || (res.status === 422 ? "invalid" : "http_" + res.status),
      err.message || (typeof detail === "string" ? detail : res.statusText));
  }
  return data;
}

const g = (id) => `/api/games/${encodeURIComponent(id)}`;

export const api = {
  variants: () => request("GET", "/api/variants"),
  daily: () => request("GET", "/api/daily"),
  create: (body) => request("POST", "/api/games", { body }),
  get: (id, token) => request("GET", g(id), { token }),
  // version (optional): the State's version the move answers (409 stale when the game moved on)
  pass: (id, token, cards, version) => request("POST", `${g(id)}/pass`, { token, body: { cards, version } }),
  play: (id, token, card, version) => request("POST", `${g(id)}/play`, { token, body: { card, version } }),
  moon: (id, token, choice, version) => request("POST", `${g(id)}/moon`, { token, body: { choice, version } }),
  /** A one-value decision: {kind: "bid", value: 5 | null}, {kind: "suit", value: "S"}, ... */
  decide: (id, token, kind, value, version) =>
    request("POST", `${g(id)}/decide`, { token, body: { kind, value, version } }),
  nextHand: (id, token) => request("POST", `${g(id)}/next-hand`, { token }),
  restart: (id, token) => request("POST", `${g(id)}/restart`, { token }),
  hint: (id, token, level = "hard") =>
    request("GET", `${g(id)}/hint?level=${encodeURIComponent(level)}`, { token }),
  /** The hearts-record/1 file as a Blob. */
  async record(id, token) {
    const res = await fetch(`${g(id)}/record`, { headers: { "X-Game-Token": token } });
    if (!res.ok) throw new ApiError(res.status, "http_" + res.status, res.statusText);
    // the hand in progress is left out (its hidden cards would show): the server says so in a header
    return { blob: await res.blob(), withheld: res.headers.get("X-Hearts-Withheld") === "current-hand" };
  },
};
