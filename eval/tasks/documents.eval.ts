/**
 * Documents (issue 25): the tags and summary suggested for an uploaded file. Tags must be key
 * phrases of the file (noun phrases found in it, not stray words such as "contains" or "first");
 * a table (CSV, TSV) gets a description of its rows and columns, never its raw lines.
 */
import { DocumentEnrichmentService } from '../../apps/api/src/documents/extraction/document-enrichment.service';
import { isNounPhrase } from '../../apps/api/src/ai/text/phrases';
import { evalAi } from '../lib/ai';
import { grammarIssues, sentenceCount } from '../lib/measures';
import { round, writeResult, type EvalSample } from '../lib/result';

interface Doc {
  name: string;
  mimeType: string;
  text: string;
}

const PROSE: Doc[] = [
  {
    name: 'rtl-note.txt',
    mimeType: 'text/plain',
    text: 'The file name contains RTL characters: مرحبا. Dropped note, first draft. The quarterly budget for the Reykjavik office covers travel costs, office rent and the new coffee machine. The quarterly budget is due on Friday.',
  },
  {
    name: 'invoice-2026-11.txt',
    mimeType: 'text/plain',
    text: 'Invoice 2026-118 from Northwind Plumbing. Replacement of the kitchen sink trap and two shut-off valves. Labour: 2 hours at 65 EUR. Parts: 48 EUR. The invoice total is 178 EUR, payable by bank transfer within 14 days. Thank you for your business.',
  },
  {
    name: 'sourdough.md',
    mimeType: 'text/markdown',
    text: '# Weekend sourdough\n\nFeed the starter on Friday evening. Mix 500 g of bread flour with 350 g of water and 100 g of active starter. Let the dough rest for an hour, then add salt. Fold the dough every half hour for two hours. Shape the loaf, proof it overnight in the fridge and bake it in a hot Dutch oven.',
  },
  {
    name: 'minutes-board.txt',
    mimeType: 'text/plain',
    text: 'Minutes of the board meeting, 12 November. Present: Ada, Grace, Alan. The board approved the new hiring plan for the support team. The marketing budget stays at last year’s level. Grace will present the data retention policy at the next meeting. The office move is postponed to March.',
  },
  {
    name: 'lease.txt',
    mimeType: 'text/plain',
    text: 'Lease agreement for the flat at 4 Harbour Street. The tenant pays the monthly rent of 950 EUR on the first day of each month. The security deposit is two months’ rent. Pets are allowed with written consent of the landlord. The notice period is three months.',
  },
  {
    name: 'heat-pump-quote.txt',
    mimeType: 'text/plain',
    text: 'Quote for an air-source heat pump. The outdoor unit uses R290 refrigerant and runs at 42 decibels at night. Installation costs include the hot water cylinder and new radiators in two rooms. Cold-climate performance: the heat pump keeps a coefficient of performance above 2 at minus 15 degrees.',
  },
];

const TABLES: Doc[] = [
  {
    name: 'sales-q1.csv',
    mimeType: 'text/csv',
    text: 'Date,Region,Product,Units,Revenue\n2026-01-03,North,Kettle,12,240.50\n2026-01-09,South,Toaster,40,800\n2026-02-14,North,Kettle,7,140\n2026-02-20,East,Kettle,3,60\n2026-03-28,North,Toaster,90,1800.25\n',
  },
  {
    name: 'reading-log.tsv',
    mimeType: 'text/tab-separated-values',
    text: 'title\tauthor\tpages\tfinished\nThe Dispossessed\tUrsula K. Le Guin\t387\t2026-02-01\nPiranesi\tSusanna Clarke\t272\t2026-03-15\nKindred\tOctavia E. Butler\t264\t2026-04-30\n',
  },
  {
    name: 'expenses.csv',
    mimeType: 'text/csv',
    text: 'category;amount;month\nrent;950;January\nfood;310.40;January\nrent;950;February\nfood;287.15;February\ntravel;120;February\n',
  },
];

async function main() {
  const { ai } = evalAi();
  const enrichment = new DocumentEnrichmentService(ai);
  const samples: EvalSample[] = [];

  let tags = 0;
  let phraseTags = 0;
  let multiWord = 0;
  let proseSentences = 0;
  let proseIssues = 0;
  for (const doc of PROSE) {
    const suggested = await enrichment.suggest(doc.text, { mimeType: doc.mimeType });
    const lower = doc.text.toLowerCase();
    for (const tag of suggested.tags) {
      tags++;
      if (lower.includes(tag) && isNounPhrase(tag)) phraseTags++;
      if (tag.includes(' ')) multiWord++;
    }
    const summary = suggested.summary ?? '';
    proseSentences += sentenceCount(summary);
    proseIssues += (await grammarIssues(summary)).length;
    samples.push({
      title: doc.name,
      input: doc.text.slice(0, 120),
      output: `Tags: ${suggested.tags.join(', ')}\nSummary: ${summary}`,
    });
  }

  let tablesDescribed = 0;
  let rawLines = 0;
  let tableIssues = 0;
  let tableSentences = 0;
  for (const doc of TABLES) {
    const suggested = await enrichment.suggest(doc.text, { mimeType: doc.mimeType });
    const summary = suggested.summary ?? '';
    const [header, ...rows] = doc.text.trim().split('\n');
    const delimiter = header.includes('\t') ? '\t' : header.includes(';') ? ';' : ',';
    const columns = header.split(delimiter);
    // Described: the row count and every column named.
    if (summary.includes(`${rows.length} rows`) && columns.every((column) => summary.includes(column)))
      tablesDescribed++;
    // A raw line: a data row of the file pasted into the summary.
    if (rows.some((row) => summary.includes(row.trim()))) rawLines++;
    tableSentences += sentenceCount(summary);
    tableIssues += (await grammarIssues(summary)).length;
    samples.push({
      title: doc.name,
      input: `${header} (+${rows.length} rows)`,
      output: `Tags: ${suggested.tags.join(', ')}\nSummary: ${summary}`,
    });
  }

  await writeResult({
    task: 'documents',
    title: 'Documents: tags and summaries',
    corpus: `${PROSE.length} prose files (a note with right-to-left text, an invoice, a recipe, minutes, a lease, a quote) and ${TABLES.length} tables (two CSV, one TSV), through DocumentEnrichmentService.suggest.`,
    measures: [
      {
        name: 'tags that are key phrases of the file',
        value: round((100 * phraseTags) / Math.max(1, tags), 1),
        kind: 'min',
        threshold: 90,
        unit: '%',
        note: 'a tag counts when it occurs in the file and reads as a noun phrase (wink-nlp part of speech): not "contains", "first" or "dropped"',
      },
      {
        name: 'tags of two words or more',
        value: round((100 * multiWord) / Math.max(1, tags), 1),
        kind: 'min',
        threshold: 25,
        unit: '%',
        note: '"installation costs", "quarterly budget": single words alone lose what the phrase says',
      },
      {
        name: 'tables described (row count and every column named)',
        value: tablesDescribed,
        kind: 'min',
        threshold: TABLES.length,
        unit: `of ${TABLES.length}`,
      },
      { name: 'table summaries quoting a raw row', value: rawLines, kind: 'max', threshold: 0, unit: 'count' },
      {
        name: 'grammar issues in summaries',
        value: round((100 * (proseIssues + tableIssues)) / Math.max(1, proseSentences + tableSentences), 1),
        kind: 'max',
        threshold: 5,
        unit: 'per 100 sentences',
      },
    ],
    samples,
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
