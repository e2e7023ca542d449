// Messages to the player: the toast over the bottom of the table, the notice about a link, the screen
// reader's live line, reason codes in words, and opening a dialog (one at a time).
import { $, $$, passCount, view } from "./state.js";
import { cardName, getLanguage, prettyCards, t } from "./i18n.js";
import { layoutHand } from "./view-hand.js";
import { suitOf } from "./cards.js";

let toastTimer = null;

/**
 * A short message. It is placed just above the status line (over the bottom of the table, clear of the
 * seats and the trick); while a dialog is open it goes inside that dialog, at the bottom of the window,
 * so that it is neither behind the dialog's backdrop nor inert.
 */
export function toast(text, kind = "error", code = "") {
  const el = $("#toast");
  const dlg = $$("dialog[open]").at(-1);
  const host = dlg || document.body;
  if (el.parentElement !== host) host.appendChild(el);
  el.textContent = text;
  el.className = `toast ${kind === "info" ? "info" : ""}`;
  el.dataset.reason = code;
  el.hidden = false;
  placeToast();
  clearTimeout(toastTimer);
  // long enough to read: a longer sentence stays longer (about 20 characters a second)
  toastTimer = setTimeout(() => { el.hidden = true; }, Math.max(kind === "info" ? 3000 : 3500, 50 * text.length));
}

/**
 * Place the toast where it hides nothing of the play. First choice: just above the status line, your own
 * seat's panel and a panel at the bottom of the table. Where that would cover a card of the trick or a
 * seat's panel (a phone turned sideways: the felt is short and the trick reaches down to your panel; a
 * 320 px phone: the side seats reach down too), it goes to the top of the window, over the bar of buttons
 * (a click on the toast takes it away). Inside a dialog: at the bottom of the window.
 */
export function placeToast() {
  const el = $("#toast");
  if (el.hidden) return;
  const inDialog = el.parentElement && el.parentElement.tagName === "DIALOG";
  el.style.top = "";
  if (inDialog) { el.style.bottom = "16px"; return; }
  const tops = [$("#status").getBoundingClientRect().top];
  const mine = $(".seat.me");
  if (mine) tops.push(mine.getBoundingClientRect().top);
  const felt = $(".felt").getBoundingClientRect();
  const panels = [$("#pass-panel"), $("#decide-panel")].filter((p) => !p.hidden);
  for (const panel of panels) { // a panel at the bottom of the table (phone)
    const r = panel.getBoundingClientRect();
    if (r.bottom > felt.top + 0.7 * felt.height) tops.push(r.top);
  }
  const top = Math.min(...tops);
  el.style.bottom = `${Math.min(Math.max(8, window.innerHeight - top + 4), window.innerHeight - el.offsetHeight - 8)}px`;
  const covered = (r) => [...$$("[data-trick-card], [data-seat-box]"), ...panels].some((x) => {
    const b = x.getBoundingClientRect();
    return b.width > 0 && Math.min(r.right, b.right) - Math.max(r.left, b.left) > 1
      && Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top) > 1;
  });
  if (covered(el.getBoundingClientRect())) {
    el.style.bottom = "auto";
    el.style.top = "6px";
  }
}

/** A message is only about the moment: the next action of the user takes it away. */
export function hideToast() {
  clearTimeout(toastTimer);
  $("#toast").hidden = true;
}

/** A notice that stays until dismissed or until the user plays (used for links not understood). */
export function notice(text) {
  const el = $("#notice");
  const was = !el.hidden;
  $("#notice-text").textContent = text;
  el.hidden = !text;
  if (was !== !el.hidden) layoutHand(); // the banner changes the table's height
}

export function announce(text) {
  const el = $("#sr-live");
  el.textContent = "";
  setTimeout(() => { el.textContent = text; }, 30);
}

/** Reason code (from the State's `illegal` map or a 409) → a sentence in the page's language. */
export function reasonText(code, serverMessage) {
  const v = view();
  const params = {};
  if (code === "must_follow_suit" && v && v.trick.length) params.suit = t(`suit_${suitOf(v.trick[0].card)}`);
  if (code === "must_lead_lowest_club" && v && v.legal.length === 1) params.card = cardName(v.legal[0]);
  if (code === "bad_pass") params.k = passCount();
  // English: the engine's own sentence from the State; Japanese: our translation by reason code.
  if (getLanguage() === "en" && serverMessage) return prettyCards(serverMessage);
  const key = `reason_${code}`;
  const text = t(key, params);
  if (text === key || /\{\w+\}/.test(text)) return serverMessage ? prettyCards(serverMessage) : code;
  return text;
}

export function showDialog(name_) {
  const d = $(`dialog[data-dialog="${name_}"]`);
  for (const other of $$("dialog[open]")) if (other !== d) other.close();
  if (!d.open) d.showModal();
  return d;
}

/** A refused game (400 from POST /api/games) in the page's language. */
export function refusalText(e) {
  if (e.status === 0) return t("error_net");
  const key = { unknown_variant: "refused_variant", unknown_option: "refused_option", bad_option: "refused_option" }[e.code];
  return key ? t(key, { why: prettyCards(e.message) }) : t("refused_other", { why: e.message });
}
