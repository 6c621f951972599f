import { DOCUMENT_CATEGORIES, DOCUMENT_LIMITS, type DocumentCategory } from '@aide/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { AiService } from '../../ai/ai.service';
import { type Bill, readBill } from '../../suggestions/bills/read-bill';
import { describeTable, type TableDescription } from './table-description';
import { bareMimeType } from './text-extractor';

/**
 * The AI reads at most this much of a document, from its start (where a title, an abstract or an
 * invoice's header is): the offline engine's TextRank compares every sentence with every other,
 * so its cost grows with the square of the text, and a remote model has a context limit.
 */
export const ENRICHMENT_TEXT_CHARS = 20_000;
export const SUGGESTED_TAGS = 5;
/** A category is suggested only with at least this confidence… */
export const CATEGORY_MIN_CONFIDENCE = 0.6;
/** …and at least this many different words of its list in the text: one stray "family" does not make a report Personal. */
export const CATEGORY_MIN_WORDS = 2;

/** The words that point at each category (the category's own name counts too). */
export const CATEGORY_WORDS: Record<DocumentCategory, string[]> = {
  Work: [
    'meeting',
    'project',
    'agenda',
    'team',
    'client',
    'deadline',
    'proposal',
    'manager',
    'employee',
    'roadmap',
    'stakeholder',
    'minutes',
    'presentation',
    'colleague',
    'milestone',
    'deliverable',
    'quarterly',
  ],
  Personal: [
    'family',
    'friend',
    'birthday',
    'wedding',
    'vacation',
    'holiday',
    'recipe',
    'hobby',
    'diary',
    'journal',
    'home',
    'kids',
    'mom',
    'dad',
  ],
  Legal: [
    'contract',
    'agreement',
    'clause',
    'law',
    'court',
    'attorney',
    'lawyer',
    'liability',
    'jurisdiction',
    'lease',
    'plaintiff',
    'defendant',
    'indemnify',
    'warranty',
    'hereby',
    'whereas',
    'litigation',
    'terms and conditions',
    'governing law',
  ],
  Financial: [
    'invoice',
    'tax',
    'budget',
    'revenue',
    'payment',
    'bank',
    'expense',
    'receipt',
    'profit',
    'balance',
    'salary',
    'investment',
    'loan',
    'mortgage',
    'credit',
    'debit',
    'accounting',
    'amount due',
    'fiscal',
    'dividend',
  ],
  Medical: [
    'patient',
    'doctor',
    'diagnosis',
    'treatment',
    'prescription',
    'hospital',
    'clinic',
    'symptom',
    'medication',
    'health',
    'blood',
    'surgery',
    'therapy',
    'dose',
    'vaccine',
    'allergy',
    'physician',
  ],
  Education: [
    'course',
    'student',
    'teacher',
    'lecture',
    'university',
    'school',
    'exam',
    'homework',
    'assignment',
    'curriculum',
    'syllabus',
    'grade',
    'thesis',
    'lesson',
    'degree',
    'academic',
    'semester',
  ],
  Reference: [
    'manual',
    'guide',
    'documentation',
    'handbook',
    'specification',
    'tutorial',
    'instructions',
    'glossary',
    'appendix',
    'faq',
    'installation',
    'configuration',
  ],
};

/** Files read as tables (their extracted text is the file itself). */
const TABLE_TYPES: ReadonlySet<string> = new Set(['text/csv', 'text/tab-separated-values']);

/** What the AI suggests for a document; null/empty: nothing it is sure enough of. */
export interface DocumentSuggestions {
  summary: string | null;
  tags: string[];
  category: DocumentCategory | null;
}

/** The start of `text`, at most `max` characters, cut at a space when there is one near the end. */
export function leadingText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.search(/\s\S*$/);
  return space > max * 0.9 ? cut.slice(0, space) : cut;
}

/** How many different words (or phrases) of `words` occur in `text` as whole words, plurals included. */
export function distinctWordsFound(text: string, words: string[]): number {
  const lower = text.toLowerCase();
  return words.filter((word) =>
    new RegExp(
      `(^|[^\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+')}(e?s)?(?![\\p{L}\\p{N}])`,
      'u',
    ).test(lower),
  ).length;
}

/** Tags as the user would type them: lower-case, trimmed, unique, within the tag length. */
export function tagsFrom(terms: string[], limit = SUGGESTED_TAGS): string[] {
  const tags = new Set<string>();
  for (const term of terms) {
    const tag = term.trim().toLowerCase().replace(/\s+/g, ' ');
    if (tag.length >= 2 && tag.length <= DOCUMENT_LIMITS.tagMax) tags.add(tag);
    if (tags.size === limit) break;
  }
  return [...tags];
}

/** 'An invoice from Northwind Energy Ltd (INV-2026-0417) for €1,234.50, due on 15 December 2026.' Only what the bill says. */
export function billSummary(bill: Bill): string {
  const amount = new Intl.NumberFormat('en', { style: 'currency', currency: bill.amount.currency }).format(
    bill.amount.value,
  );
  const due = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${bill.dueDate}T00:00:00Z`));
  const from = bill.issuer ? ` from ${bill.issuer}` : '';
  const number = bill.number ? ` (${bill.number})` : '';
  return `An invoice${from}${number} for ${amount}, due on ${due}.`;
}

/** A summary within the column's limit, cut at a word with an ellipsis when longer. */
function fitSummary(summary: string): string | null {
  const trimmed = summary.trim();
  if (!trimmed) return null;
  if (trimmed.length <= DOCUMENT_LIMITS.summaryMax) return trimmed;
  return `${leadingText(trimmed, DOCUMENT_LIMITS.summaryMax - 1).trimEnd()}…`;
}

/**
 * A document's summary, tags and category as the configured AI (AiService: the offline engine
 * unless a model is configured) suggests them from its text. Each suggestion stands alone: one
 * that fails is logged and left out, the others still count.
 */
@Injectable()
export class DocumentEnrichmentService {
  private readonly logger = new Logger('DocumentEnrichment');

  constructor(private readonly ai: AiService) {}

  /**
   * `mimeType` tells a table (CSV, TSV) from prose: a table gets a description of its rows and
   * columns as its summary and its column names as tags, not its first raw lines (issue 25).
   */
  async suggest(text: string, { mimeType }: { mimeType?: string } = {}): Promise<DocumentSuggestions> {
    const table = mimeType && TABLE_TYPES.has(bareMimeType(mimeType)) ? describeTable(text) : null;
    if (table) return this.suggestForTable(text, table);
    const sample = leadingText(text, ENRICHMENT_TEXT_CHARS);
    if (!sample.trim()) return { summary: null, tags: [], category: null };
    // A bill's lines (letterhead, labels, amounts) make no summary when sentences are picked from
    // them: what it asks of the reader, read by the bill reader, says it in one sentence instead.
    const bill = readBill(sample, new Date());
    const [summary, keywords, category] = await Promise.allSettled([
      this.ai.summarize(sample, { maxSentences: 3, maxWords: 120 }),
      this.ai.keywords(sample, { limit: SUGGESTED_TAGS * 2 }),
      this.ai.classify(sample, CATEGORY_WORDS),
    ]);
    for (const [what, result] of [
      ['summary', summary],
      ['tags', keywords],
      ['category', category],
    ] as const) {
      if (result.status === 'rejected')
        this.logger.warn(
          `No ${what} suggested: ${result.reason instanceof Error ? result.reason.message : String(result.reason)}`,
        );
    }
    return {
      summary: bill ? billSummary(bill) : summary.status === 'fulfilled' ? fitSummary(summary.value.summary) : null,
      tags: keywords.status === 'fulfilled' ? tagsFrom(keywords.value.keywords.map((k) => k.term)) : [],
      category:
        category.status === 'fulfilled'
          ? this.confidentCategory(sample, category.value.label, category.value.confidence)
          : null,
    };
  }

  private async suggestForTable(text: string, table: TableDescription): Promise<DocumentSuggestions> {
    const sample = leadingText(text, ENRICHMENT_TEXT_CHARS);
    const category = await this.ai.classify(sample, CATEGORY_WORDS).catch(() => null);
    return {
      summary: fitSummary(table.summary),
      tags: tagsFrom(table.columns),
      category: category ? this.confidentCategory(sample, category.label, category.confidence) : null,
    };
  }

  private confidentCategory(text: string, label: string, confidence: number): DocumentCategory | null {
    const category = DOCUMENT_CATEGORIES.find((c) => c === label);
    if (!category || confidence < CATEGORY_MIN_CONFIDENCE) return null;
    return distinctWordsFound(text, [category.toLowerCase(), ...CATEGORY_WORDS[category]]) >= CATEGORY_MIN_WORDS
      ? category
      : null;
  }
}
