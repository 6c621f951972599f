import { DOCUMENT_LIMITS } from '@aide/contracts';
import { Logger } from '@nestjs/common';
import { AiService } from '../../ai/ai.service';
import { OfflineProvider } from '../../ai/offline/offline.provider';
import { OfflineTemplates } from '../../ai/offline/templates';
import {
  billSummary,
  DocumentEnrichmentService,
  ENRICHMENT_TEXT_CHARS,
  distinctWordsFound,
  leadingText,
  tagsFrom,
} from './document-enrichment.service';

/** The service over the offline engine, as the app has it without AI_BASE_URL. */
function offlineEnrichment(): { enrichment: DocumentEnrichmentService; ai: AiService } {
  const templates = new OfflineTemplates();
  const ai = new AiService(new OfflineProvider(templates), templates);
  return { enrichment: new DocumentEnrichmentService(ai), ai };
}

const INVOICE = `Invoice 2024-117 from Northwind Supplies. The invoice covers the office chairs delivered in March.
The amount due is 1,240 EUR, payment within 30 days to the bank account below. Tax is included at 20 percent.
Please quote the invoice number with your payment. Late payment adds interest to the balance.`;

beforeEach(() => {
  jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('DocumentEnrichmentService (offline engine)', () => {
  it('suggests a summary from the text, up to 5 lower-case tags and a confident category', async () => {
    const suggested = await offlineEnrichment().enrichment.suggest(INVOICE);
    expect(suggested.summary).toEqual(expect.stringContaining('invoice'));
    expect(INVOICE.replace(/\s+/g, ' ')).toContain(suggested.summary!.split('. ')[0].replace(/\s+/g, ' ')); // extractive: sentences of the text
    expect(suggested.tags.length).toBeGreaterThan(0);
    expect(suggested.tags.length).toBeLessThanOrEqual(5);
    expect(suggested.tags).toContain('invoice');
    for (const tag of suggested.tags) expect(tag).toBe(tag.toLowerCase());
    expect(new Set(suggested.tags).size).toBe(suggested.tags.length);
    expect(suggested.category).toBe('Financial');
  });

  it('leaves the category out when the text points at none', async () => {
    const suggested = await offlineEnrichment().enrichment.suggest(
      'The river bends twice before the old stone bridge. Swallows nest under its arches every spring.',
    );
    expect(suggested.category).toBeNull();
  });

  it('leaves the category out on a single stray word, however "confident" the classifier is', async () => {
    const text =
      'The river bends twice before the old stone bridge near my home. Swallows nest under its arches every spring.';
    const { enrichment, ai } = offlineEnrichment();
    expect(await ai.classify(text, { Personal: ['home'], Work: ['meeting'] })).toMatchObject({
      label: 'Personal',
      confidence: 1,
    });
    expect((await enrichment.suggest(text)).category).toBeNull();
  });

  it('suggests nothing for empty text', async () => {
    expect(await offlineEnrichment().enrichment.suggest('  \n ')).toEqual({ summary: null, tags: [], category: null });
  });

  it('keeps the other suggestions when one AI call fails', async () => {
    const { enrichment, ai } = offlineEnrichment();
    jest.spyOn(ai, 'summarize').mockRejectedValue(new Error('model unreachable'));
    const suggested = await enrichment.suggest(INVOICE);
    expect(suggested.summary).toBeNull();
    expect(suggested.tags).toContain('invoice');
    expect(suggested.category).toBe('Financial');
  });

  it(`gives the AI only the first ${ENRICHMENT_TEXT_CHARS} characters, and keeps a long text's summary within the column`, async () => {
    const { enrichment, ai } = offlineEnrichment();
    const summarize = jest.spyOn(ai, 'summarize');
    const long = `${INVOICE} ${'Another sentence about the delivery and the invoice terms. '.repeat(5000)}`;
    const started = Date.now();
    const suggested = await enrichment.suggest(long);
    const elapsed = Date.now() - started;
    expect(summarize.mock.calls[0][0].length).toBeLessThanOrEqual(ENRICHMENT_TEXT_CHARS);
    expect(suggested.summary!.length).toBeLessThanOrEqual(DOCUMENT_LIMITS.summaryMax);
    // The offline engine on the capped sample stays well under a second (it runs on the API's event loop).
    expect(elapsed).toBeLessThan(3000);
  });
});

describe('enrichment helpers', () => {
  it('leadingText cuts at a space in the last tenth of the limit, else at the limit', () => {
    expect(leadingText('short', 10)).toBe('short');
    expect(leadingText(`${'a'.repeat(95)} bbbbbbbbbb`, 100)).toBe('a'.repeat(95));
    expect(leadingText('alpha beta gamma delta', 13)).toBe('alpha beta ga');
  });

  it('tagsFrom lower-cases, trims, drops duplicates and over-long terms, keeps at most 5', () => {
    expect(tagsFrom(['Invoice', 'invoice ', 'Tax', 'x'.repeat(51), 'Bank', 'Payment', 'Balance', 'Extra'])).toEqual([
      'invoice',
      'tax',
      'bank',
      'payment',
      'balance',
    ]);
  });

  it('distinctWordsFound counts whole words and plurals, once each', () => {
    expect(distinctWordsFound('Two invoices and an invoice; taxes paid.', ['invoice', 'tax', 'bank'])).toBe(2);
    expect(distinctWordsFound('Taxonomy of bankers', ['tax', 'bank'])).toBe(0);
    expect(distinctWordsFound('See the Terms  and Conditions.', ['terms and conditions'])).toBe(1);
  });
});

describe('a bill’s summary', () => {
  const SCANNED_BILL = `Northwind Energy Ltd
INVOICE
Invoice number: INV-2026-0417
Invoice date: 20 November 2026
Electricity, October 2026
Amount due: €1,234.50
Please pay by 15 December 2026`;

  it('says in one sentence who asks how much by when, instead of pasting its lines', async () => {
    const suggested = await offlineEnrichment().enrichment.suggest(SCANNED_BILL);
    expect(suggested.summary).toBe(
      'An invoice from Northwind Energy Ltd (INV-2026-0417) for €1,234.50, due on 15 December 2026.',
    );
  });

  it('leaves out what the bill does not name', () => {
    expect(
      billSummary({ issuer: null, number: null, amount: { value: 80, currency: 'USD' }, dueDate: '2027-01-05' }),
    ).toBe('An invoice for $80.00, due on 5 January 2027.');
  });
});
