// Rules, variants, tips and about pages (placeholder until the full texts land).
export function renderHelp(tab, lang) {
  return `<p>${tab} (${lang})</p>`;
}
