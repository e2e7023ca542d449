// Names of the variants and house-rule options in both languages, and their URL encoding.
import { getLanguage } from "./i18n.js";

const VARIANT_NAMES = {
  standard: ["Hearts (standard)", "ハーツ（標準）"],
  "black-maria": ["Black Maria", "ブラック・マリア"],
  "spot-hearts": ["Spot Hearts", "スポット・ハーツ"],
  omnibus: ["Omnibus Hearts", "オムニバス・ハーツ"],
  auction: ["Auction Hearts (1897)", "オークション・ハーツ（1897年）"],
  heartsette: ["Heartsette", "ハーツェット"],
  joker: ["Joker Hearts (1897)", "ジョーカー・ハーツ（1897年）"],
  cancellation: ["Cancellation Hearts (1950)", "キャンセレーション・ハーツ（1950年）"],
  "four-queens": ["The French four-queens game (General)", "フランスの4クイーン（ジェネラル）"],
  domino: ["Domino Hearts (1909)", "ドミノ・ハーツ（1909年）"],
  partnership: ["Partnership Hearts", "パートナーシップ・ハーツ"],
  "partnership-separate": ["Partnership Hearts (separate scores)", "パートナーシップ・ハーツ（得点は個人別）"],
  "partnership-slam": ["Partnership Hearts (slam bid)", "パートナーシップ・ハーツ（スラム宣言）"],
  "hearts-1887": ["Hearts (1887)", "ハーツ（1887年）"],
  "black-jack": ["Black Jack", "ブラック・ジャック"],
  "greek-1939": ["Greek Hearts (1939)", "ギリシャ・ハーツ（1939年）"],
  "greek-1950": ["Greek Hearts (1950)", "ギリシャ・ハーツ（1950年）"],
  "greek-1990": ["Greek Hearts (1990)", "ギリシャ・ハーツ（1990年）"],
  "greek-2008": ["Greek Hearts (2008)", "ギリシャ・ハーツ（2008年）"],
  royal: ["Royal Hearts", "ロイヤル・ハーツ"],
};

const OPTION_LABELS = {
  moon: ["Shooting the moon", "シュート・ザ・ムーン"],
  qs_breaks_hearts: ["Queen of spades breaks hearts", "スペードのクイーンでもハートブレイク"],
  first_trick_points: ["Penalty cards allowed on the first trick", "最初のトリックに失点カードを出せる"],
  hearts_lead_any_time: ["Hearts may be led at any time", "ハートをいつでもリードできる"],
  lead_hearts_over_qs: ["Holding only Q♠ and hearts, a heart may be led", "手札がQ♠とハートだけならハートをリードできる"],
  exact_target_resets: ["Exactly the target score drops to half", "ちょうど目標点なら半分に戻る"],
  pass_schedule: ["Passing", "カードの渡し方"],
  pass_count: ["Cards passed", "渡す枚数"],
  target_score: ["Game ends at", "終了する点数"],
  tie: ["Tie for lowest at the end", "最低点が同点のとき"],
  shoot_the_sun: ["Shooting the sun (all tricks: double moon)", "シュート・ザ・サン（全トリックで2倍）"],
  first_lead: ["First lead", "最初のリード"],
  jack_of_diamonds: ["Bonus diamond (−10 for its taker)", "ダイヤのボーナス（取った人は−10点）"],
  bonus_card: ["Bonus card", "ボーナスのカード"],
  spot_hearts: ["Hearts at face value, Q♠ 25", "ハートは数字どおりの点、Q♠は25点"],
  spot_ace_low: ["Spot hearts: the ace of hearts counts 1", "スポット・ハーツでハートのAを1点に"],
  spade_penalties: ["Spade penalties", "スペードの失点"],
  no_tricks_bonus: ["−5 for taking no trick", "トリックなしで−5点"],
  team_moon: ["Team moon taken off", "チームのムーン（引く形）"],
  heart_values: ["What each heart counts", "ハート1枚の点数"],
  qs_points: ["Points of Q♠ (0: the usual 13)", "Q♠の点数（0は通常の13点）"],
  moon_points: ["Points of a moon (0: the hand's points)", "ムーンの点数（0はそのハンドの点数）"],
  slam: ["Slam: every counting card, bonus included", "スラム（ボーナスを含む全得点カード）"],
  qh_doubles: ["Q♥ doubles its taker's hearts", "Q♥を取るとハートが2倍"],
  qd_minus_ten: ["Q♦ takes 10 off (not below 0)", "Q♦で10点引く（0未満にはならない）"],
  qc_cancels: ["Q♣ cancels a queen", "Q♣でクイーンを帳消し"],
  queen_of_spades: ["Q♠ is a penalty card", "Q♠は失点カード"],
  jokers: ["Jokers in the pack", "ジョーカーの枚数"],
  widow_size: ["Widow size (0: the game's own)", "ウィドーの枚数（0はゲームの標準）"],
  max_bid: ["Highest bid (chips)", "入札の上限（チップ）"],
  settlement: ["Settlement", "精算のしかた"],
  give_up: ["Giving up a hand costs (chips to each; 0: not allowed)", "ハンドを降りる代償（各人へのチップ、0は不可）"],
  deals: ["Number of hands (0: to the target score)", "ハンドの数（0は終了点まで）"],
  first_hand: ["First hand of the rotation (from 0)", "ローテーションの最初のハンド（0から）"],
  settle_average: ["Settle against the average", "平均点との差で精算"],
};

const CHOICE_LABELS = {
  "moon.add": ["Others +26 (the hand's total)", "ほかの全員に加点"],
  "moon.subtract": ["Shooter −26", "達成者から減点"],
  "moon.choice": ["Shooter chooses", "達成者が選ぶ"],
  "moon.none": ["No moon (keep the points)", "なし（失点のまま）"],
  "pass_schedule.rotate": ["Left, right, across, none", "左・右・向かい・なしの順"],
  "pass_schedule.left": ["Always left", "いつも左隣"],
  "pass_schedule.right": ["Always right", "いつも右隣"],
  "pass_schedule.rotate-no-hold": ["Rotate without the no-pass hand", "「渡さない」を除いて順番に"],
  "pass_schedule.none": ["No passing", "渡さない"],
  "tie.share": ["All tied players win", "同点の全員が勝ち"],
  "tie.play-on": ["Play more hands", "決着までハンドを続ける"],
  "first_lead.lowest-club": ["Lowest club (2♣)", "いちばん低いクラブ（♣2）"],
  "first_lead.eldest-any": ["Eldest hand, any card", "親の左隣が好きなカード"],
  "bonus_card.JD": ["Jack of diamonds", "ダイヤのジャック"],
  "bonus_card.TD": ["Ten of diamonds", "ダイヤの10"],
  "spade_penalties.queen": ["Queen only (13)", "クイーンのみ（13点）"],
  "spade_penalties.maria": ["Q 13, K 10, A 7 (Black Maria)", "Q13・K10・A7（ブラック・マリア）"],
  "spade_penalties.maria-swapped": ["Q 13, A 10, K 7", "Q13・A10・K7"],
  "spade_penalties.jack": ["J♠ 10 instead of Q♠ (Black Jack)", "Q♠の代わりにJ♠が10点（ブラック・ジャック）"],
  "spade_penalties.jack-13": ["J♠ 13 instead of Q♠", "Q♠の代わりにJ♠が13点"],
  "heart_values.one": ["1 each", "1枚1点"],
  "heart_values.double": ["A 14, K 13, Q 12, J 11, others face value", "A14・K13・Q12・J11・ほかは数字どおり"],
  "heart_values.eagle": ["A 5, K 4, Q 3, J 2, others 1", "A5・K4・Q3・J2・ほかは1点"],
  "heart_values.greek": ["A 15, K Q J 10, others face value", "A15・KQJは10・ほかは数字どおり"],
  "heart_values.greek-2008": ["A 15, K Q J 10, others 1", "A15・KQJは10・ほかは1点"],
  "qc_cancels.none": ["No", "しない"],
  "qc_cancels.spade": ["Q♠ counts 0", "Q♠が0点に"],
  "qc_cancels.heart": ["Q♥ counts 0", "Q♥が0点に"],
  "settlement.points": ["Points to the target score", "終了点までの失点"],
  "settlement.pool": ["Chips: a pool of penalty cards", "チップ（失点カードのプール）"],
  "settlement.fewest": ["Chips: the fewest penalty cards collect (1887)", "チップ（失点カード最少が集める、1887年）"],
  "team_moon.both": ["Both partners −26", "2人とも−26点"],
  "team_moon.taker": ["Only the partner who took more", "多く取った1人だけ"],
};

const pick = (pair, fallback) => (pair ? pair[getLanguage() === "ja" ? 1 : 0] : fallback);

export function variantName(name, title) { return pick(VARIANT_NAMES[name], title || name); }
export function optionLabel(spec) { return pick(OPTION_LABELS[spec.key], spec.key); }
export function choiceLabel(key, value) { return pick(CHOICE_LABELS[`${key}.${value}`], String(value)); }

/**
 * Normalise GET /api/variants into {variants: [...], options: [...]}.
 * Accepts lists or name-keyed objects, so small changes of shape on the server side do not break the page.
 */
export function normaliseVariants(data) {
  const list = (x, keyName) => {
    if (!x) return [];
    if (Array.isArray(x)) return x;
    return Object.entries(x).map(([k, v]) => ({ [keyName]: k, ...v }));
  };
  // Every game of the registry is in the menus: the page draws each phase (pass, play, and the
  // one-value decisions of decisions.js: bid, suit, declare, ...), a second pack's twins, the stock
  // and its draws, the teams, the widow, jokers, chips and the pot from the State itself.
  const variants = list(data && data.variants, "name").map((v) => ({
    name: v.name, title: v.title || v.name, summary: v.summary || "",
    players: v.players || [3, 4, 5, 6], default_players: v.default_players || 4, defaults: v.defaults || {},
    packs: v.packs || 1, hand_size: v.hand_size || 0, teams: v.teams || [], declarations: v.declarations || [],
  }));
  const options = list(data && data.options, "key").map((o) => ({
    key: o.key, type: o.type || o.kind || "choice", default: o.default, help: o.help || "",
    choices: o.choices || [], min: o.min ?? o.minimum, max: o.max ?? o.maximum,
  }));
  const levels = Array.isArray(data && data.levels) ? data.levels : null;
  return { variants, options, levels };
}

/** The default value of every option for a variant. */
export function variantDefaults(catalog, variantName_) {
  const out = {};
  for (const o of catalog.options) out[o.key] = o.default;
  const v = catalog.variants.find((x) => x.name === variantName_);
  if (v) Object.assign(out, v.defaults);
  return out;
}

/** Parse a URL value for an option spec; returns undefined when it does not fit. */
export function parseOptionValue(spec, raw) {
  if (!spec) return undefined;
  if (spec.type === "bool") {
    if (["true", "1", "yes", "on"].includes(raw)) return true;
    if (["false", "0", "no", "off"].includes(raw)) return false;
    return undefined;
  }
  if (spec.type === "int") {
    const n = Number(raw);
    return Number.isInteger(n) ? n : undefined;
  }
  return spec.choices.length === 0 || spec.choices.includes(raw) ? raw : undefined;
}

// House rules that only matter when another rule has a certain value (values as read from the form:
// booleans for yes/no rules, strings otherwise), each with the reason shown beside it when it does not.
const APPLIES = {
  bonus_card: [(v) => !!v.jack_of_diamonds, ["Only with the bonus diamond", "ダイヤのボーナスがあるときだけ"]],
  pass_count: [(v) => v.pass_schedule !== "none", ["Only when cards are passed", "カードを渡すときだけ"]],
  shoot_the_sun: [(v) => v.moon !== "none", ["Only with shooting the moon", "シュート・ザ・ムーンがあるときだけ"]],
  moon_points: [(v) => v.moon !== "none", ["Only with shooting the moon", "シュート・ザ・ムーンがあるときだけ"]],
  lead_hearts_over_qs: [(v) => !v.hearts_lead_any_time, ["Hearts may be led at any time already", "ハートはいつでもリードできるため"]],
  team_moon: [(v) => v.moon === "subtract" || v.moon === "choice", ["Only when a moon is taken off the shooter", "ムーンを達成者から引くときだけ"]],
  give_up: [(v) => v.settlement !== "points", ["Only with a chip settlement", "チップで精算するときだけ"]],
  widow_size: [(v) => !!v.__has_widow, ["Only in a game with a widow (Heartsette)", "ウィドーのあるゲーム（ハーツェット）だけ"]],
  spot_ace_low: [(v) => !!v.spot_hearts, ["Only with spot hearts", "スポット・ハーツのときだけ"]],
  heart_values: [(v) => !v.spot_hearts, ["Spot hearts sets the hearts' values", "スポット・ハーツでハートの点が決まるため"]],
  target_score: [(v) => !(Number(v.deals) > 0), ["A fixed number of hands is played", "ハンドの数が決まっているため"]],
};

/** Whether house rule `key` has any effect given the other rules in `values`. */
export function optionApplies(key, values) {
  const a = APPLIES[key];
  return a ? a[0](values) : true;
}

/** Why house rule `key` does not apply (shown beside it when greyed out), or "". */
export function notApplicableReason(key) { return pick(APPLIES[key] && APPLIES[key][1], ""); }

/** Only the options that differ from the variant's defaults. */
export function overrides(catalog, variant, options) {
  const d = variantDefaults(catalog, variant);
  const out = {};
  for (const [k, v] of Object.entries(options || {})) if (k in d && d[k] !== v) out[k] = v;
  return out;
}
