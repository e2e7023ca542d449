// Controls for the decisions of Game.pending() that are answered with one value (docs/web-page.md):
// a bid in an auction, the penalty suit its winner names, a declaration (the General), and any such kind the engine adds. Each kind
// is an entry of KINDS: the question, and a label for each legal option the server lists in
// `view.decision.options`. A kind without an entry still gets a panel (the options as they are), so a
// new kind of decision can be answered at once and given proper words by adding its entry here.
import { SUIT_SYMBOLS, t } from "./i18n.js";

const KINDS = {
  bid: {
    question: (v) => {
      // a slam bid (true: to take every counting card) rather than chips
      if (v.decision && (v.decision.options || []).includes(true)) return t("slam_q");
      const high = Math.max(0, ...(v.bids || []).map((b) => (typeof b.bid === "number" ? b.bid : 0)));
      return high ? t("bid_q_high", { n: high }) : t("bid_q");
    },
    label: (o) => (o === null ? t("bid_none") : o === true ? t("bid_slam") : t("bid_n", { n: o })),
    aria: (o) => (o === null ? t("bid_none") : o === true ? t("bid_slam") : t("bid_n_label", { n: o })),
    status: { mine: "your_bid", other: "waiting_bid" },
  },
  declare: { // the French four-queens game: the General, declared before the first lead
    question: () => t("declare_q"),
    label: (o) => (o === null ? t("declare_none") : t(`declare_${o}`)),
    aria: (o) => (o === null ? t("declare_none_label") : t(`declare_${o}_label`)),
    status: { mine: "your_declare", other: "waiting_declare" },
  },
  suit: {
    question: () => t("suit_q"),
    label: (o) => t("suit_btn", { sym: SUIT_SYMBOLS[o] || o, suit: t(`suit_${o}`) }),
    status: { mine: "your_suit", other: "waiting_suit" },
  },
};

function spec(kind) {
  return KINDS[kind] || {
    question: () => t("decide_q", { kind }),
    label: (o) => (o === null ? "—" : String(o)),
    status: { mine: "your_decide", other: "waiting_decide" },
  };
}

/**
 * Draw the panel for `decision` ({kind, options}) in `box`, or hide it when `decision` is null.
 * ctx.act(kind, value) sends the answer. Buttons: data-action="decide", data-kind, data-value (JSON).
 */
export function decisionPanel(box, decision, v, ctx) {
  if (!decision) {
    box.hidden = true;
    box.innerHTML = "";
    delete box.dataset.decision;
    return;
  }
  const k = spec(decision.kind);
  const key = `${decision.kind}:${JSON.stringify(decision.options)}:${v.hand_index}`;
  box.hidden = false;
  if (box.dataset.key === key) return; // drawn already: keep the focus where it is
  box.dataset.key = key;
  box.dataset.decision = decision.kind;
  box.innerHTML = "";
  const q = document.createElement("p");
  q.className = "decide-q";
  q.id = "decide-q";
  q.textContent = k.question(v);
  const row = document.createElement("div");
  row.className = "decide-options";
  row.setAttribute("role", "group");
  row.setAttribute("aria-labelledby", "decide-q");
  for (const o of decision.options || []) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = o === null ? "decide-none" : "decide-opt";
    b.dataset.action = "decide";
    b.dataset.kind = decision.kind;
    b.dataset.value = JSON.stringify(o);
    b.textContent = k.label(o);
    if (k.aria) b.setAttribute("aria-label", k.aria(o));
    b.addEventListener("click", (e) => { e.stopPropagation(); ctx.act(decision.kind, o); });
    row.appendChild(b);
  }
  box.append(q, row);
}

/** The status line while a one-value decision is due: "Your bid: …" or "West is bidding…". */
export function decisionStatus(v, ctx) {
  const d = v.decision;
  const kind = d ? d.kind : v.phase;
  const k = spec(kind);
  if (ctx.mine) return t(k.status.mine);
  const seat = d && d.seat !== ctx.me ? d.seat : v.turn;
  return seat === null || seat === undefined || seat < 0 ? "" : t(k.status.other, { name: ctx.name(seat) });
}
