// Hearts 1887's give-up (docs/family-rules.md "The 1887 give-up"): on its turn to play, while it could still
// take every heart, a seat may give up the hand instead of playing and pays the `give_up` option's chips to
// each opponent. The button (data-action="give-up") is shown only while the engine offers it to the viewer
// (`view.may_give_up`, and "give_up" among the options of the viewer's play decision); it opens a dialog
// (data-dialog="give-up") that states the cost; confirming sends the decision through the transport (solo:
// POST .../decide {"kind": "give_up"}; a table: the message {"type": "give_up"}). A `gave_up` event is said
// as a message, and the seats that gave up the hand wear a badge until the next deal.
import { $, app, me, name, players, view } from "./state.js";
import { hideToast, showDialog } from "./messages.js";
import { act } from "./main.js";
import { t } from "./i18n.js";
import { variantDefaults } from "./options.js";

/**
 * The chips a seat that gives up pays each other seat: the game's `give_up` option (0: none), from the
 * State's options, else (a table's options hold only what its host changed) the variant's default.
 */
export function giveUpPrice() {
  if (!app.state) return 0;
  const opts = { ...variantDefaults(app.catalog, app.state.variant), ...(app.state.options || {}) };
  return Number.isInteger(opts.give_up) ? opts.give_up : 0;
}

/** Whether the viewer may give up the hand now (and nothing is under way: no request, not watching). */
export function giveUpOffered() {
  const v = view();
  const d = v && v.decision;
  return !!(v && v.may_give_up && d && d.seat === me() && d.kind === "play" &&
    (d.options || []).includes("give_up") && !app.busy && !app.watching);
}

/** Show or hide the give-up button and name it with its cost. */
export function renderGiveUp() {
  const b = $('[data-action="give-up"]');
  if (!b) return;
  const offered = giveUpOffered();
  b.hidden = !offered;
  if (!offered) return;
  b.textContent = t("give_up_btn");
  b.setAttribute("aria-label", t("give_up_label", { price: giveUpPrice() }));
  b.title = t("give_up_label", { price: giveUpPrice() });
}

/** Open the dialog that asks to confirm, with the cost: the price to each opponent and in all. */
export function askGiveUp() {
  if (!giveUpOffered()) return;
  const price = giveUpPrice();
  const n = players() - 1;
  $("#give-up-title").textContent = t("give_up_title");
  $("#give-up-text").textContent = t("give_up_text", { price, n, total: price * n });
  $('[data-action="give-up-confirm"]').textContent = t("give_up_ok", { price });
  $('[data-action="give-up-cancel"]').textContent = t("give_up_keep");
  showDialog("give-up");
  $('[data-action="give-up-cancel"]').focus(); // the safe answer first
}

/** The dialog's answer: on yes, send the give-up (the transport of the game: solo or a table). */
export function answerGiveUp(yes) {
  const d = $('dialog[data-dialog="give-up"]');
  if (d.open) d.close();
  if (!yes || !giveUpOffered()) return;
  hideToast();
  act(() => app.tx.decide("give_up", null), {
    optimistic: () => {
      app.state.view.may_give_up = false;
      app.state.view.decision = null;
      renderGiveUp();
    },
  });
}

/** The seats that gave up the hand on the table (or the hand just scored, until the next deal). */
export function gaveUpSeats(v) {
  if (!v) return [];
  if (v.phase === "deal" || v.phase === "game-over") {
    const r = (v.results || []).at(-1);
    return (r && r.gave_up) || [];
  }
  return v.gave_up || [];
}

/** The sentence for a give-up: "You gave up the hand: 8 chips to each opponent." or "West gave up …". */
export function gaveUpText(seat, price) {
  return seat === me() ? t("gave_up_you", { price }) : t("gave_up_other", { name: name(seat), price });
}
