/**
 * Words that end with a full stop without ending the sentence. Lower-cased, without the stop.
 * Single letters (initials: "J. R. R. Tolkien") and dotted forms ("e.g", "U.S", "a.m") are
 * recognised by shape, so they are not listed.
 */
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'mt',
  'ft',
  'rev',
  'hon',
  'gen',
  'col',
  'lt',
  'sgt',
  'capt',
  'cmdr',
  'adm',
  'gov',
  'sen',
  'rep',
  'pres',
  'vs',
  'cf',
  'al',
  'approx',
  'dept',
  'est',
  'inc',
  'ltd',
  'co',
  'corp',
  'ed',
  'eds',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
]);
/** Abbreviations only before a number ("No. 5", "Fig. 2"): "No." alone is an answer. */
const NUMBER_ABBREVIATIONS = new Set(['no', 'nos', 'vol', 'vols', 'fig', 'figs', 'pp', 'ch', 'sec', 'art']);

/** The sentence may end here: terminal punctuation, closing quotes/brackets, then a space or a dash. */
const BOUNDARY = /([.!?]+)(["'”’)\]]*)(\s+|\s*(?:--|[—–])\s*)(?=["'“‘([]?[\p{Lu}\p{N}])/gu;

function endsWithAbbreviation(before: string, next: string): boolean {
  const last = /(\S+)$/.exec(before)?.[1] ?? '';
  const word = last.replace(/^["'“‘([]+/, '').toLowerCase();
  if (ABBREVIATIONS.has(word)) return true;
  if (NUMBER_ABBREVIATIONS.has(word)) return /\d/.test(next);
  if (/^\p{L}$/u.test(word)) return true; // an initial
  return /^(\p{L}\.)+\p{L}$/u.test(word); // e.g, i.e, u.s, a.m
}

/**
 * Splits prose into sentences. A sentence ends at . ! or ? (with any closing quote) followed by
 * whitespace or a dash and an upper-case letter or digit, unless the full stop belongs to an
 * abbreviation or initial. Decimals ("3.14") never split (no space after the stop), nor does
 * "Oh! yes" (lower case follows). Blank lines always end a sentence (headings, list items).
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    const flat = paragraph.replace(/\s+/g, ' ').trim();
    if (!flat) continue;
    let start = 0;
    for (const match of flat.matchAll(BOUNDARY)) {
      const [, stops, closers] = match;
      const end = match.index + stops.length + closers.length;
      if (
        stops === '.' &&
        endsWithAbbreviation(flat.slice(start, match.index), flat[match.index + match[0].length] ?? '')
      )
        continue;
      sentences.push(flat.slice(start, end).trim());
      start = match.index + match[0].length;
    }
    const rest = flat.slice(start).trim();
    if (rest) sentences.push(rest);
  }
  return sentences.filter((s) => /[\p{L}\p{N}]/u.test(s));
}

export const countWords = (text: string) => (text.match(/\S+/g) ?? []).length;
