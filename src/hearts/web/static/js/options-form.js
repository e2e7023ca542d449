// View and checks of the Game options dialog (variant, players, level, deal number, house rules).
import { $, $$, MAX_GAME, app, formLevels } from "./state.js";
import { choiceLabel, notApplicableReason, optionApplies, optionLabel, overrides, variantDefaults, variantName } from "./options.js";
import { getLanguage, t } from "./i18n.js";
import { mayLeave, selectHtml } from "./view-dialogs.js";
import { newGame } from "./actions.js";

export function renderOptionsForm(pref) {
  const cat = app.catalog;
  const f = $("#options-form");
  const variant = pref.variant;
  const v = cat.variants.find((x) => x.name === variant) || { players: [3, 4, 5, 6], default_players: 4 };
  const values = { ...variantDefaults(cat, variant), ...(pref.options || {}) };
  const playersVal = v.players.includes(pref.players) ? pref.players : v.default_players;
  let html =
    `<label for="f-variant">${t("variant")}</label>` +
    selectHtml("variant", cat.variants.map((x) => x.name), variant, (n) =>
      variantName(n, (cat.variants.find((x) => x.name === n) || {}).title)) +
    `<label for="f-players">${t("players")}</label>` +
    selectHtml("players", v.players, playersVal, (n) => (getLanguage() === "ja" ? `${n}人` : String(n))) +
    `<label for="f-level">${t("level")}</label>` +
    selectHtml("level", formLevels(pref.level || "medium"), pref.level || "medium", (x) => {
      const label = t(`level_${x}`);
      return label === `level_${x}` ? x : label;
    }) +
    `<label for="f-deal">${t("deal_number")}</label>` +
    `<div class="field"><input type="number" name="deal" id="f-deal" min="1" max="${MAX_GAME}" step="1"` +
    ` inputmode="numeric" placeholder="${t("deal_random")}" value="${pref.game ?? ""}" aria-describedby="err-deal">` +
    `<span class="field-error" id="err-deal" data-error-for="deal" hidden></span></div>` +
    `<fieldset><legend>${t("house_rules")}</legend><p class="hint-text">${t("defaults_note")}</p>`;
  for (const o of cat.options) {
    const id = `f-opt-${o.key}`;
    const val = values[o.key];
    const why = notApplicableReason(o.key);
    // the server's help is English: a tooltip only on the English page (the label says it in Japanese)
    const tip = getLanguage() === "en" ? ` title="${o.help.replace(/"/g, "&quot;")}"` : "";
    html += `<label for="${id}" data-label-for="${o.key}"${tip}>${optionLabel(o)}` +
      `${why ? `<small class="na-reason" data-na-reason="${o.key}" hidden>${why}</small>` : ""}</label>`;
    if (o.type === "bool") {
      html += `<input type="checkbox" id="${id}" name="opt.${o.key}" data-opt="${o.key}"${val ? " checked" : ""}>`;
    } else if (o.type === "int") {
      html += `<div class="field"><input type="number" id="${id}" name="opt.${o.key}" data-opt="${o.key}" value="${val}"` +
        ` step="1" inputmode="numeric" aria-describedby="err-${o.key}"` +
        `${o.min !== undefined ? ` min="${o.min}"` : ""}${o.max !== undefined ? ` max="${o.max}"` : ""}>` +
        `<span class="field-error" id="err-${o.key}" data-error-for="${o.key}" hidden></span></div>`;
    } else {
      html += `<select id="${id}" name="opt.${o.key}" data-opt="${o.key}">` + o.choices.map((c) =>
        `<option value="${c}"${c === val ? " selected" : ""}>${choiceLabel(o.key, c)}</option>`).join("") + "</select>";
    }
  }
  html += "</fieldset>";
  f.innerHTML = html;
  // at a table's create form the dialog chooses the table's rules (table.js), it starts no game
  $('[data-action="start-game"]').textContent = t(app.table ? "tb_use_rules" : "start");
  $("#options-error").hidden = true;
  updateOptionRelevance();
}

/** Grey out the house rules that do not apply with the others as chosen (e.g. the bonus card without the bonus). */
export function updateOptionRelevance() {
  const f = $("#options-form");
  const values = {};
  for (const el of $$("[data-opt]", f)) values[el.dataset.opt] = el.type === "checkbox" ? el.checked : el.value;
  const chosen = app.catalog.variants.find((x) => x.name === $("#f-variant", f).value);
  values.__has_widow = !!(chosen && Object.keys(chosen.widow || {}).length); // the widow size's game
  for (const el of $$("[data-opt]", f)) {
    const applies = optionApplies(el.dataset.opt, values);
    el.disabled = !applies;
    const label = $(`[data-label-for="${el.dataset.opt}"]`, f);
    if (label) label.classList.toggle("not-applicable", !applies);
    const why = $(`[data-na-reason="${el.dataset.opt}"]`, f);
    if (why) why.hidden = applies;
  }
}

/** Check the form against the limits of GET /api/variants; marks each wrong field. true when all is well. */
export function validateOptionsForm() {
  const f = $("#options-form");
  let first = null;
  const mark = (input, errId, message) => {
    const err = $(`#${errId}`, f);
    input.setAttribute("aria-invalid", message ? "true" : "false");
    err.textContent = message || "";
    err.hidden = !message;
    if (message && !first) first = input;
  };
  const whole = (raw) => (/^\s*-?\d+\s*$/.test(raw) ? Number(raw) : NaN);
  const deal = $("#f-deal", f);
  const d = deal.value.trim();
  const dn = whole(d);
  mark(deal, "err-deal", d === "" || (dn >= 1 && dn <= MAX_GAME) ? "" : t("err_deal", { max: MAX_GAME }));
  for (const el of $$('input[type="number"][data-opt]', f)) {
    const spec = app.catalog.options.find((o) => o.key === el.dataset.opt);
    const n = whole(el.value);
    const lo = spec.min ?? -Infinity;
    const hi = spec.max ?? Infinity;
    let msg = "";
    if (!el.disabled && !(Number.isInteger(n) && n >= lo && n <= hi)) {
      msg = Number.isFinite(lo) && Number.isFinite(hi) ? t("err_range", { min: lo, max: hi })
        : Number.isFinite(lo) ? t("err_min", { min: lo }) : t("err_whole");
    }
    mark(el, `err-${spec.key}`, msg);
  }
  for (const el of $$("select[data-opt]", f)) {
    const spec = app.catalog.options.find((o) => o.key === el.dataset.opt);
    if (spec.choices.length && !spec.choices.includes(el.value)) el.value = spec.default;
  }
  const box = $("#options-error");
  box.hidden = !first;
  box.textContent = first ? t("err_form") : "";
  if (first) first.focus();
  return !first;
}

export async function startFromForm() {
  if (!validateOptionsForm()) return;
  const settings = readOptionsForm();
  if (app.table) { // the table's create form takes the rules chosen
    app.table.chooseRules(settings);
    $('dialog[data-dialog="new-game-form"]').close();
    return;
  }
  if (!(await mayLeave("new"))) return;
  await newGame(settings, { fromForm: true });
}

export function readOptionsForm() {
  const f = $("#options-form");
  const variant = $("#f-variant", f).value;
  const options = {};
  for (const el of $$("[data-opt]", f)) {
    const spec = app.catalog.options.find((o) => o.key === el.dataset.opt);
    if (el.disabled) continue; // a rule that does not apply keeps the variant's default
    if (el.type === "checkbox") options[spec.key] = el.checked;
    else if (spec.type === "int") {
      const n = parseInt(el.value, 10);
      options[spec.key] = Number.isInteger(n) ? n : spec.default;
    } else options[spec.key] = el.value;
  }
  const deal = $("#f-deal", f).value.trim();
  return {
    variant, players: parseInt($("#f-players", f).value, 10), level: $("#f-level", f).value,
    options: overrides(app.catalog, variant, options), game: deal ? parseInt(deal, 10) : null,
  };
}
