import { EXTRACTED_TEXT_MARKER } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import type { DocumentEntity } from '../../documents/document.entity';
import type { DetectionContext, DocumentDetector, SuggestionCandidate } from '../suggestion-detector';
import { type Bill, readBill } from './read-bill';

/** Money as a person reads it in English: '€1,234.50'. */
export const formatMoney = ({ value, currency }: Bill['amount']) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).format(value);

/** 'Pay Northwind Energy Ltd invoice INV-2026-0417 (€1,234.50)', shorter where the bill names less. */
export function billTitle(bill: Bill): string {
  const invoice = bill.number ? `invoice ${bill.number}` : 'invoice';
  const what = bill.issuer ? `${bill.issuer} ${invoice}` : invoice;
  return `Pay ${what} (${formatMoney(bill.amount)})`.slice(0, 200);
}

/** The text the extraction stored, without its marker line; null when there is none. */
export function documentText(content: string | null): string | null {
  if (!content) return null;
  return content.startsWith(EXTRACTED_TEXT_MARKER) ? content.slice(EXTRACTED_TEXT_MARKER.length).trimStart() : content;
}

/**
 * Bills in documents (issue 26): an invoice or payment letter, its text extracted or recognised
 * from a scan, with an amount due and a due date becomes a suggested task due that day, with the
 * amount. Receipts and letters without an amount suggest nothing (read-bill.ts).
 */
@Injectable()
export class BillDetector implements DocumentDetector {
  readonly name = 'bills';

  fromDocument(document: DocumentEntity, context: DetectionContext): SuggestionCandidate[] {
    const text = documentText(document.content);
    if (!text) return [];
    const bill = readBill(text, context.now);
    if (!bill) return [];
    const amount = formatMoney(bill.amount);
    return [
      {
        kind: 'task',
        origin: 'bill',
        key: `bill:${bill.number ?? ''}:${bill.dueDate}:${bill.amount.value}${bill.amount.currency}`,
        title: billTitle(bill),
        detail: `${amount} due ${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${bill.dueDate}T00:00:00Z`))}`,
        draft: {
          title: billTitle(bill),
          dueDate: bill.dueDate,
          description: `From the document ${document.originalName}.`.slice(0, 5000),
          amount: bill.amount,
        },
      },
    ];
  }
}
