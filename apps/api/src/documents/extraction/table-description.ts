import type * as CsvParse from 'csv-parse/sync';

/**
 * What a table is, in words (issue 25): a CSV's "summary" used to be its first raw lines. This
 * reads the table (csv-parse) and says what a person would want to know before opening it: how
 * many rows and which columns, the span of each date or number column, and the values that come
 * up most in a column of categories. Only what is in the file; nothing is inferred beyond it.
 */
export interface TableDescription {
  summary: string;
  /** The column names, lower case: what the table is about (tags). */
  columns: string[];
}

const DELIMITERS = [',', ';', '\t', '|'];
/** How many rows are read (the rest is counted, not examined). */
const MAX_ROWS_READ = 5000;
/** Columns named in the summary; the rest are counted ("and 6 more"). */
const MAX_COLUMNS_NAMED = 8;
const MAX_FACTS = 4;

type Column = { name: string; values: string[] };

/**
 * The table's description, or null when the text is not a table: at least two columns and two data
 * rows, with the same number of fields on most lines.
 */
export function describeTable(text: string): TableDescription | null {
  const rows = readRows(text);
  if (!rows || rows.length < 2) return null;
  const width = rows[0].length;
  const hasHeader = looksLikeHeader(rows);
  const header = hasHeader
    ? rows[0].map((cell, i) => cell.trim() || `column ${i + 1}`)
    : rows[0].map((_, i) => `column ${i + 1}`);
  const data = hasHeader ? rows.slice(1) : rows;
  if (data.length === 0) return null;
  const columns: Column[] = header.map((name, i) => ({ name, values: data.map((row) => (row[i] ?? '').trim()) }));

  const named = header.slice(0, MAX_COLUMNS_NAMED);
  const more = width - named.length;
  const columnList = `${list(named)}${more > 0 ? ` and ${more} more` : ''}`;
  const rowCount = countDataRows(text, hasHeader) ?? data.length;
  const sentences = [
    `A table of ${plural(rowCount, 'row')} and ${plural(width, 'column')}${hasHeader ? `: ${columnList}` : ''}.`,
  ];
  const facts = columns
    .map(describeColumn)
    .filter((fact): fact is string => fact !== null)
    .slice(0, MAX_FACTS);
  sentences.push(...facts);
  return {
    summary: sentences.join(' '),
    columns: hasHeader ? header.map((name) => name.toLowerCase()).filter((name) => /\p{L}/u.test(name)) : [],
  };
}

function readRows(text: string): string[][] | null {
  const sample = text
    .split(/\r?\n/)
    .slice(0, 50)
    .filter((line) => line.trim());
  if (sample.length < 2) return null;
  // The delimiter that splits the sample's lines into the same number (≥ 2) of fields most often.
  let best: { delimiter: string; score: number } | null = null;
  for (const delimiter of DELIMITERS) {
    const counts = sample.map((line) => line.split(delimiter).length);
    const common = mode(counts);
    if (common < 2) continue;
    const score = counts.filter((count) => count === common).length / counts.length;
    if (score >= 0.8 && (!best || score > best.score)) best = { delimiter, score };
  }
  if (!best) return null;
  try {
    // csv-parse is required on the first CSV rather than when the API starts.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
    const rows = (require('csv-parse/sync') as typeof CsvParse).parse(text, {
      delimiter: best.delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      bom: true,
      to: MAX_ROWS_READ,
    }) as string[][];
    const width = mode(rows.map((row) => row.length));
    return width >= 2 ? rows.filter((row) => row.length === width) : null;
  } catch {
    return null;
  }
}

/** How many data rows the whole text has (the parse stops at MAX_ROWS_READ). */
function countDataRows(text: string, hasHeader: boolean): number | null {
  const lines = text.split(/\r?\n/).filter((line) => line.trim()).length;
  return lines > MAX_ROWS_READ ? lines - (hasHeader ? 1 : 0) : null;
}

/** A first row of words over columns that hold numbers or dates below it is a header. */
function looksLikeHeader(rows: string[][]): boolean {
  const [first, ...rest] = rows;
  const textual = first.filter((cell) => cell.trim() !== '' && kindOf(cell) === 'text').length;
  if (textual < Math.ceil(first.length / 2)) return false;
  // Every first-row cell a word and some column below not: a header. All text: a header when its cells are distinct and short.
  const typedBelow = first.some((_, i) => rest.slice(0, 20).some((row) => kindOf(row[i] ?? '') !== 'text'));
  return typedBelow || (new Set(first).size === first.length && first.every((cell) => cell.length <= 40));
}

type Kind = 'number' | 'date' | 'text' | 'empty';

function kindOf(cell: string): Kind {
  const value = cell.trim();
  if (value === '') return 'empty';
  if (/^[-+]?[$€£¥]?\s?\d{1,3}(,\d{3})*(\.\d+)?%?$|^[-+]?[$€£¥]?\s?\d+(\.\d+)?%?$/.test(value)) return 'number';
  if (/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2})?)?/.test(value) || /^\d{1,2}\/\d{1,2}\/\d{2,4}$/.test(value))
    return 'date';
  return 'text';
}

const numberOf = (cell: string) => Number(cell.replace(/[$€£¥,%\s]/g, ''));

/** One sentence on a column: the span of its numbers or dates, or its most frequent categories. */
function describeColumn(column: Column): string | null {
  const filled = column.values.filter((value) => value !== '');
  if (filled.length < 2) return null;
  const kinds = filled.map(kindOf);
  const share = (kind: Kind) => kinds.filter((k) => k === kind).length / kinds.length;
  if (share('number') >= 0.9) {
    const numbers = filled.filter((v) => kindOf(v) === 'number').map(numberOf);
    const min = Math.min(...numbers);
    const max = Math.max(...numbers);
    if (min === max) return `${capitalised(column.name)} is ${format(min)} in every row.`;
    return `${capitalised(column.name)} ranges from ${format(min)} to ${format(max)}.`;
  }
  if (share('date') >= 0.9) {
    const dates = filled.filter((v) => kindOf(v) === 'date').sort();
    return dates[0] === dates.at(-1)
      ? `${capitalised(column.name)} is ${dates[0]} in every row.`
      : `${capitalised(column.name)} runs from ${dates[0]} to ${dates.at(-1)}.`;
  }
  // A column of categories: few distinct values, each repeated.
  const counts = new Map<string, number>();
  for (const value of filled) counts.set(value, (counts.get(value) ?? 0) + 1);
  if (counts.size > Math.max(2, filled.length / 3) || counts.size > 12) return null;
  const top = [...counts.entries()].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).slice(0, 3);
  return `The most frequent ${column.name} values are ${list(top.map(([value, n]) => `${value} (${plural(n, 'row')})`))}.`;
}

const capitalised = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

function format(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** "a, b and c". */
function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function mode(values: number[]): number {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort(([a, x], [b, y]) => y - x || b - a)[0]?.[0] ?? 0;
}
