// Card drawing: every card face and back is an SVG built here. The number cards, aces, backs and the
// joker are our own shapes; the court cards (J, Q, K) show Adrian Kennard's classic court figures
// (static/cards/*.svg, CC0, see ../LICENSES.md) under our own corner index, so that a card half covered
// in the hand reads the same as the others.

const SVGNS = "http://www.w3.org/2000/svg";

export const SUITS = ["C", "D", "H", "S"];
export const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"];

// Suit shapes in a 100x100 box, drawn once into a hidden <svg> as <symbol>s.
const SUIT_SHAPES = {
  H: '<path d="M50 92 C22 68 2 50 2 28 C2 12 14 2 28 2 C38 2 46 8 50 18 C54 8 62 2 72 2 C86 2 98 12 98 28 C98 50 78 68 50 92 Z"/>',
  D: '<path d="M50 2 C60 20 74 36 90 50 C74 64 60 80 50 98 C40 80 26 64 10 50 C26 36 40 20 50 2 Z"/>',
  S: '<path d="M50 2 C62 22 98 40 98 64 C98 80 86 88 73 88 C64 88 57 84 53 78 C55 88 60 94 68 98 L32 98 C40 94 45 88 47 78 C43 84 36 88 27 88 C14 88 2 80 2 64 C2 40 38 22 50 2 Z"/>',
  C: '<circle cx="50" cy="27" r="22"/><circle cx="25" cy="60" r="22"/><circle cx="75" cy="60" r="22"/>' +
     '<path d="M45 50 L55 50 C55 76 60 90 70 98 L30 98 C40 90 45 76 45 50 Z"/>',
};

/** Insert the suit symbols and back patterns into the document (once). */
export function installCardDefs(doc = document) {
  if (doc.getElementById("card-defs")) return;
  const holder = doc.createElementNS(SVGNS, "svg");
  holder.setAttribute("id", "card-defs");
  holder.setAttribute("aria-hidden", "true");
  holder.setAttribute("width", "0");
  holder.setAttribute("height", "0");
  holder.style.position = "absolute";
  let defs = "";
  for (const s of SUITS) {
    defs += `<symbol id="suit-${s}" viewBox="0 0 100 100">${SUIT_SHAPES[s]}</symbol>`;
  }
  // The letters on the faces are symbols too, drawn where a face <use>s them: a card's button then holds no
  // text of its own, so its accessible name is its aria-label alone ("Queen of spades"), as a screen
  // reader and the accessibility checks expect
  for (const r of RANKS) {
    const label = r === "T" ? "10" : r;
    defs += `<symbol id="rank-${label}" viewBox="0 0 24 24" overflow="visible">` + (label.length > 1
      ? '<text x="0" y="20" font-size="19" letter-spacing="-2"'
      : '<text x="2" y="20" font-size="22"') +
      ` font-weight="700" font-family="'DejaVu Sans', Arial, sans-serif" fill="currentColor">${label}</text></symbol>`;
  }
  defs += '<symbol id="joker-word" viewBox="0 0 12 60" overflow="visible"><text x="2" y="2" font-size="11" font-weight="700"' +
    ' font-family="\'DejaVu Sans\', Arial, sans-serif" fill="#6a3fb0" writing-mode="tb" letter-spacing="1">JOKER</text></symbol>';
  for (const [name, a, b] of [["blue", "#1f4e9c", "#3f74c9"], ["red", "#9c1f2e", "#c94052"],
    ["green", "#1d6b3a", "#3c9a5f"], ["black", "#202228", "#4a4e58"]]) {
    defs += `<pattern id="back-${name}" width="10" height="10" patternUnits="userSpaceOnUse"` +
      ` patternTransform="rotate(45)"><rect width="10" height="10" fill="${a}"/>` +
      `<rect width="5" height="10" fill="${b}"/></pattern>`;
  }
  holder.innerHTML = `<defs>${defs}</defs>`;
  doc.body.prepend(holder);
}

export function suitOf(card) { return card[card.length - 1]; }
export function rankOf(card) { return card.slice(0, -1); }
export function rankLabel(card) { const r = rankOf(card); return r === "T" ? "10" : r; }
export function isRed(card) { const s = suitOf(card); return s === "H" || s === "D"; }

/** Sort key: clubs, diamonds, spades, hearts (colours alternate), low to high; jokers last. */
const SUIT_ORDER = { C: 0, D: 1, S: 2, H: 3, K: 4 };
export function isJoker(card) { return card === "JK"; }
export function sortHand(cards) {
  return [...cards].sort((a, b) => (SUIT_ORDER[suitOf(a)] - SUIT_ORDER[suitOf(b)]) ||
    (RANKS.indexOf(rankOf(a)) - RANKS.indexOf(rankOf(b))));
}

// Pip positions (x, y in a 100x140 card, flipped when below the middle) for 2..10.
const PIPS = {
  2: [[50, 30], [50, 110]],
  3: [[50, 30], [50, 70], [50, 110]],
  4: [[32, 30], [68, 30], [32, 110], [68, 110]],
  5: [[32, 30], [68, 30], [50, 70], [32, 110], [68, 110]],
  6: [[32, 30], [68, 30], [32, 70], [68, 70], [32, 110], [68, 110]],
  7: [[32, 30], [68, 30], [50, 50], [32, 70], [68, 70], [32, 110], [68, 110]],
  8: [[32, 30], [68, 30], [50, 50], [32, 70], [68, 70], [50, 90], [32, 110], [68, 110]],
  9: [[32, 28], [68, 28], [32, 56], [68, 56], [50, 70], [32, 84], [68, 84], [32, 112], [68, 112]],
  10: [[32, 28], [68, 28], [50, 44], [32, 56], [68, 56], [32, 84], [68, 84], [50, 96], [32, 112],
    [68, 112]],
};

function use(suit, x, y, size, flip = false) {
  const t = flip ? ` transform="rotate(180 ${x + size / 2} ${y + size / 2})"` : "";
  return `<use href="#suit-${suit}" x="${x}" y="${y}" width="${size}" height="${size}"${t}/>`;
}

/**
 * Build the SVG of a card face.
 * @param {string} card e.g. "QS"
 * @param {{fourColour?: boolean}} opts
 * @returns {SVGSVGElement}
 */
export function cardFace(card, opts = {}) {
  if (isJoker(card)) return jokerFace();
  const suit = suitOf(card);
  const rank = rankOf(card);
  const label = rankLabel(card);
  let colour = isRed(card) ? "red" : "black";
  if (opts.fourColour && suit === "D") colour = "blue";
  if (opts.fourColour && suit === "C") colour = "green";
  const svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("viewBox", "0 0 100 140");
  svg.setAttribute("class", `card-svg suit-${colour}`);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  let body = "";
  if (rank === "J" || rank === "Q" || rank === "K") {
    // the figure, drawn with its own border, then our index on a white corner over its small one
    body = `<image href="/static/cards/${rank}${suit}.svg" x="0" y="0" width="100" height="140" preserveAspectRatio="none"/>` +
      '<rect x="2.5" y="2.5" width="20" height="41" rx="5" fill="#fff"/>' +
      '<g transform="rotate(180 50 70)"><rect x="2.5" y="2.5" width="20" height="41" rx="5" fill="#fff"/></g>';
  } else if (rank === "A") {
    const big = suit === "S" ? 46 : 36;
    body = use(suit, 50 - big / 2, 70 - big / 2, big);
  } else {
    const n = Number(label);
    body = PIPS[n].map(([x, y]) => use(suit, x - 8, y - 8, 16, y > 70)).join("");
  }
  const corner = `<use href="#rank-${label}" x="4" y="2" width="24" height="24"/>${use(suit, 5, 26, 15)}`;
  svg.innerHTML = `<rect x="1" y="1" width="98" height="138" rx="8" class="card-bg"/>` + body +
    corner + `<g transform="rotate(180 50 70)">${corner}</g>`;
  return svg;
}

/** The joker's face: a jester's hat and the word in the corners (no suit). */
function jokerFace() {
  const svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("viewBox", "0 0 100 140");
  svg.setAttribute("class", "card-svg suit-joker");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const corner = '<use href="#joker-word" x="6" y="8" width="12" height="60"/>';
  svg.innerHTML = `<rect x="1" y="1" width="98" height="138" rx="8" class="card-bg"/>` + corner +
    `<g transform="rotate(180 50 70)">${corner}</g>` +
    '<path d="M26 84 C30 60 40 50 50 44 C60 50 70 60 74 84 Z" fill="#c8102e"/>' +
    '<path d="M26 84 C22 66 14 58 12 52 C24 54 32 62 38 70 Z" fill="#1f5fbf"/>' +
    '<path d="M74 84 C78 66 86 58 88 52 C76 54 68 62 62 70 Z" fill="#1b7f3b"/>' +
    '<circle cx="12" cy="50" r="5" fill="#f2c14e"/><circle cx="88" cy="50" r="5" fill="#f2c14e"/>' +
    '<circle cx="50" cy="40" r="5" fill="#f2c14e"/>' +
    '<rect x="24" y="84" width="52" height="10" rx="3" fill="#f2c14e"/>' +
    '<circle cx="50" cy="106" r="9" fill="none" stroke="#6a3fb0" stroke-width="2.5"/>';
  return svg;
}

/** Build the SVG of a card back in one of the patterns: blue, red, green, black. */
export function cardBack(pattern = "blue") {
  const svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("viewBox", "0 0 100 140");
  svg.setAttribute("class", "card-svg card-back");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.innerHTML = `<rect x="1" y="1" width="98" height="138" rx="8" fill="#fff" stroke="#999"/>` +
    `<rect x="7" y="7" width="86" height="126" rx="5" fill="url(#back-${pattern})"/>` +
    `<rect x="7" y="7" width="86" height="126" rx="5" fill="none" stroke="#fff" stroke-width="2"` +
    ` opacity="0.7"/>` +
    `<g transform="translate(35 55)" fill="#fff" opacity="0.85">` +
    `<use href="#suit-H" width="30" height="30"/></g>`;
  return svg;
}
