/**
 * Back closes the open dialog instead of leaving the game.
 *
 * On a phone the back gesture is how a person closes a panel; without this, Back left the
 * game (the page keeps its address with replaceState, so the entry before it is another site
 * or an earlier game).  While a dialog is open, one history entry of ours sits on top:
 *
 * - Back (popstate on our entry) does what Escape does: the dialog's `cancel` event, then
 *   `close()` unless a handler prevented it (the moon choice must be answered: it stays, and
 *   our entry is put back).
 * - A dialog closed any other way (its button, Escape, the game moving on) takes our entry off
 *   again with `history.back()`, so the next Back leaves the page as before.
 * - The page changes its address with `history.replaceState` (the game's `?deal=` link).  One
 *   made while our entry is on top, or while our `history.back()` is under way, is made again on
 *   the entry below once ours is gone: the address always names the game on the table.
 *
 * The browser's own history is the library here; what is hand-written is only this bookkeeping.
 */

const MARK = "heartsDialog";
let pushed = false; // our entry is on top of the history
let leaving = false; // our history.back() is under way (its popstate has not come)
let pending = null; // [state, url] of a replaceState made while pushed or leaving
const nativeReplace = history.replaceState.bind(history);

const openDialogs = () => [...document.querySelectorAll("dialog[open]")];

function sync() {
  const open = openDialogs().length > 0;
  if (open && !pushed && !leaving) {
    history.pushState({ [MARK]: true }, "", location.href);
    pushed = true;
  } else if (!open && pushed) { // (pushed and leaving are never both true)
    pushed = false;
    leaving = true;
    history.back();
  }
}

function replaceState(state, title, url) {
  if (pushed || leaving) pending = [state, url === undefined ? location.href : url];
  if (leaving) return; // made on the entry below once ours is gone
  nativeReplace(pushed ? { ...(state || {}), [MARK]: true } : state, title, url);
}

function onPopState() {
  const ours = pushed || leaving;
  if (leaving) {
    leaving = false;
  } else if (pushed) {
    pushed = false; // Back on our entry: the top dialog is cancelled as by Escape
    const d = openDialogs().at(-1);
    if (d) {
      const ev = new Event("cancel", { cancelable: true });
      d.dispatchEvent(ev);
      if (!ev.defaultPrevented) d.close();
    }
  }
  if (ours && pending) {
    nativeReplace(pending[0], "", pending[1]);
    pending = null;
  }
  sync(); // a dialog still open (or opened meanwhile) gets its entry again
}

/** Start watching the page's dialogs (once, at start-up). */
export function installBack() {
  history.replaceState = replaceState;
  window.addEventListener("popstate", onPopState);
  new MutationObserver(sync).observe(document.body, { attributes: true, attributeFilter: ["open"], subtree: true });
  sync();
}
