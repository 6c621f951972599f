import type * as chrono from 'chrono-node';

/** What an invoice or a payment letter asks for: how much, by when, from whom. */
export interface Bill {
  /** Who sent it (the letterhead's company), or null when no line reads like one. */
  issuer: string | null;
  /** The invoice's number as printed, or null. */
  number: string | null;
  amount: { value: number; currency: string };
  /** The day payment is due, 'YYYY-MM-DD'. */
  dueDate: string;
}

/*
 * The labels are matched on one line of text at a time (OCR keeps a label and its value on one
 * line; a text layer does too). English, German and French: the languages invoices reach the
 * app's users in most; Spanish, Japanese and Chinese invoices are not read (yet).
 */

/** A line saying how much is to be paid. Ordered: the more certain labels first. */
const AMOUNT_DUE_LABELS = [
  /\b(?:total\s+amount\s+due|amount\s+due|total\s+due|balance\s+due|amount\s+payable|total\s+payable|amount\s+to\s+pay|please\s+pay)\b/i,
  /\b(?:zahlbetrag|zu\s+zahlender\s+betrag|offener\s+betrag|rechnungsbetrag|gesamtbetrag|endbetrag)\b/i,
  /(?:montant\s+(?:dû|du|à\s+payer|a\s+payer|ttc)|total\s+(?:à|a)\s+payer|net\s+(?:à|a)\s+payer|reste\s+(?:à|a)\s+payer)/i,
  /\b(?:grand\s+total|total\s+(?:incl\.?|including)\s+(?:vat|tax)|invoice\s+total|total)\b/i,
];

/** A line saying by when: the date follows the label. */
const DUE_DATE_LABELS =
  /\b(?:due\s+date|payment\s+due(?:\s+(?:date|by|on))?|(?:please\s+)?pay(?:able)?\s+(?:by|before|until|no\s+later\s+than)|due\s+(?:by|on)|f[äa]llig(?:keitsdatum|\s+am|\s+bis)?|zahlbar\s+bis(?:\s+zum)?|zahlungsziel|bitte\s+(?:überweisen|zahlen)\s+sie\s+bis(?:\s+zum)?|date\s+d'[ée]ch[ée]ance|[ée]ch[ée]ance|(?:à|a)\s+payer\s+avant\s+le|avant\s+le)\b\s*:?/i;

/** "Payable within 14 days" and its German and French forms, counted from the invoice's date. */
const DUE_WITHIN =
  /\b(?:within|innerhalb\s+von|binnen|sous|dans\s+un\s+d[ée]lai\s+de)\s+(\d{1,3})\s+(?:days|tagen|jours)\b/i;
const INVOICE_DATE_LABEL =
  /\b(?:invoice\s+date|date\s+of\s+issue|issue\s+date|rechnungsdatum|datum|date\s+de\s+(?:la\s+)?facture|date)\b\s*:?/i;

const NUMBER_LABEL =
  /\b(?:invoice\s*(?:number|no\.?|#|nr\.?)|bill\s*(?:number|no\.?)|rechnungs\s*(?:nummer|nr\.?)|rechnung\s*nr\.?|n[°o]\s*de\s*facture|facture\s*n[°o])\s*:?\s*#?\s*([A-Z0-9][A-Z0-9\-/.]*\d[A-Z0-9\-/]*)/i;

/** Words that make a text a bill; without one, an amount and a date are just numbers in a letter. */
const BILL_WORDS =
  /\b(?:invoice|bill|statement|amount\s+due|payment|rechnung|zahlung|zahlbetrag|facture|paiement|montant\s+dû)\b/i;

/** A receipt or a settled invoice: nothing left to pay. */
const PAID_WORDS =
  /\b(?:receipt|paid\s+in\s+full|payment\s+received|thank\s+you\s+for\s+your\s+payment|paid|quittung|bezahlt|beglichen|reçu|payée?|acquittée?)\b/i;

const CURRENCY_SYMBOLS: Record<string, string> = {
  '€': 'EUR',
  '£': 'GBP',
  $: 'USD',
  US$: 'USD',
  '¥': 'JPY',
  Fr: 'CHF',
};
const CURRENCY_CODES = /\b(EUR|USD|GBP|CHF|JPY|CNY|CAD|AUD|SEK|NOK|DKK|PLN|CZK)\b/;

/** An amount as printed: a currency before or after a number with thousands separators (1,234.50 · 1.234,50 · 1 234,50). */
const MONEY =
  /(US\$|[€£$¥]|\b(?:EUR|USD|GBP|CHF|JPY|CNY|CAD|AUD|SEK|NOK|DKK|PLN|CZK)\b)?\s?(\d{1,3}(?:[.,\s\u00a0\u202f']\d{3})*(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)\s?(US\$|[€£$¥]|\b(?:EUR|USD|GBP|CHF|JPY|CNY|CAD|AUD|SEK|NOK|DKK|PLN|CZK)\b)?/g;

/** A printed number's value: the last '.' or ',' followed by one or two digits is the decimal point; other separators group thousands. */
export function parseAmount(printed: string): number | null {
  const compact = printed.replace(/[\s\u00a0\u202f']/g, '');
  const decimal = /[.,](\d{1,2})$/.exec(compact);
  const whole = (decimal ? compact.slice(0, decimal.index) : compact).replace(/[.,]/g, '');
  if (!/^\d+$/.test(whole)) return null;
  const value = Number(decimal ? `${whole}.${decimal[1]}` : whole);
  return Number.isFinite(value) ? value : null;
}

const currencyOf = (token: string | undefined) =>
  token ? (CURRENCY_SYMBOLS[token] ?? (CURRENCY_CODES.test(token) ? token : null)) : null;

/** The amounts on one line that carry a currency (a bare number may be a quantity or a date). */
export function amountsIn(line: string): Array<{ value: number; currency: string }> {
  const found: Array<{ value: number; currency: string }> = [];
  for (const match of line.matchAll(MONEY)) {
    const currency = currencyOf(match[1]) ?? currencyOf(match[3]);
    const value = parseAmount(match[2]);
    if (currency && value !== null) found.push({ value, currency });
  }
  return found;
}

/** The text after a label's match on its line, and the next line (a value printed under its label). */
function after(lines: string[], index: number, label: RegExp): string {
  const line = lines[index];
  const match = label.exec(line);
  const rest = match ? line.slice(match.index + match[0].length) : line;
  return `${rest}\n${lines[index + 1] ?? ''}`;
}

/** The parsers a date on an invoice is tried with: day-first English, then US English, German, French. */
function dateParsers(): Array<Pick<chrono.Chrono, 'parse'>> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (about 9 MB of heap)
  const { en, de, fr } = require('chrono-node') as typeof chrono;
  return [en.GB, en, de, fr];
}

const isoDay = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/**
 * The first full date in `text` (a day, a month, and a year or the next such day after `now`), as
 * 'YYYY-MM-DD'. The day as printed: a due date names a day, not an instant, so no timezone applies.
 */
export function dayIn(text: string, now: Date): string | null {
  for (const parser of dateParsers()) {
    const [result] = parser.parse(text, now, { forwardDate: true });
    if (result && result.start.isCertain('day') && result.start.isCertain('month'))
      return isoDay(result.start.get('year')!, result.start.get('month')!, result.start.get('day')!);
  }
  return null;
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The amount due: from the most certain label that has one; a zero balance means nothing is owed. */
function amountDue(lines: string[]): { value: number; currency: string } | null {
  for (const label of AMOUNT_DUE_LABELS) {
    for (let index = 0; index < lines.length; index++) {
      if (!label.test(lines[index])) continue;
      const [amount] = amountsIn(after(lines, index, label));
      if (amount) return amount;
    }
  }
  return null;
}

function dueDate(lines: string[], text: string, now: Date): string | null {
  for (let index = 0; index < lines.length; index++) {
    if (!DUE_DATE_LABELS.test(lines[index])) continue;
    const day = dayIn(after(lines, index, DUE_DATE_LABELS), now);
    if (day) return day;
  }
  const within = DUE_WITHIN.exec(text);
  if (within) {
    for (let index = 0; index < lines.length; index++) {
      if (!INVOICE_DATE_LABEL.test(lines[index])) continue;
      const issued = dayIn(after(lines, index, INVOICE_DATE_LABEL), now);
      if (issued) return addDays(issued, Number(within[1]));
    }
  }
  return null;
}

/** Company forms a letterhead's name ends with. */
const COMPANY = /\b(?:Ltd|Limited|plc|Inc|LLC|Corp|Co|GmbH|AG|KG|SE|SA|SAS|SARL|S\.A\.|B\.V\.|N\.V\.|Oy|AB)\.?$/i;
const NOT_AN_ISSUER = /^(?:invoice|bill|statement|rechnung|facture|receipt|tax\s+invoice|page\s+\d+)\b/i;

/** The sender: the first line ending in a company form, else the first line of words at the top that is not a heading. */
function issuerOf(lines: string[]): string | null {
  const company = lines.find((line) => line.length <= 80 && COMPANY.test(line));
  if (company) return company;
  const top = lines
    .slice(0, 5)
    .find((line) => line.length <= 60 && /\p{L}{2}/u.test(line) && !NOT_AN_ISSUER.test(line) && !/\d{3}/.test(line));
  return top ?? null;
}

/**
 * An invoice or a payment letter in `text` (extracted or recognised): the amount due and the day
 * it is due, or null when the text is no bill, has nothing left to pay (a receipt, a zero
 * balance), or names no amount or no due date.
 */
export function readBill(text: string, now: Date): Bill | null {
  if (!BILL_WORDS.test(text)) return null;
  const lines = text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const amount = amountDue(lines);
  if (!amount || amount.value <= 0) return null;
  // A receipt says paid; an invoice that mentions an earlier payment still names a balance due.
  if (PAID_WORDS.test(text) && !/\b(?:balance|amount)\s+due\b|\bzahlbetrag\b|\bmontant\s+dû\b/i.test(text)) return null;
  const due = dueDate(lines, text, now);
  if (!due) return null;
  return { issuer: issuerOf(lines), number: NUMBER_LABEL.exec(text)?.[1] ?? null, amount, dueDate: due };
}
