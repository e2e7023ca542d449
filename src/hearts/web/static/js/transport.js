// How moves reach the server, behind one interface (a transport):
//   pass(cards) · play(card) · decide(kind, value) · nextHand()
// each answering a Promise of the new State (the solo game's HTTP API answers at once) or of null (the
// table's WebSocket: the new state comes as a message, table.js); and hint(level), a Promise of the
// hint (`{stage, card | cards | ...}`, docs/web-api.md) or an ApiError with the refusal's code. main.js starts with the solo transport;
// table.js hands it the table's (tableTransport there).
import { api } from "./api.js";
import { app } from "./state.js";

/** The solo game's transport: its HTTP API, each move answered with the new State. */
// Each move names the State's version it answers: a game moved on in another tab is refused 409 stale
// (and the page shows it as it stands) rather than the move judged against cards no longer shown.
const at = () => (app.state ? app.state.version : undefined);
export const soloTx = {
  pass: (cards) => api.pass(app.cur.id, app.cur.token, cards, at()),
  play: (card) => api.play(app.cur.id, app.cur.token, card, at()),
  decide: (kind, value) => (kind === "moon" ? api.moon(app.cur.id, app.cur.token, value, at())
    : api.decide(app.cur.id, app.cur.token, kind, value, at())),
  nextHand: () => api.nextHand(app.cur.id, app.cur.token),
  hint: (level) => api.hint(app.cur.id, app.cur.token, level),
};
