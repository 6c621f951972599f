import { EXTRACTED_TEXT_MARKER } from '@aide/contracts';
import type { DocumentEntity } from '../../documents/document.entity';
import { BillDetector } from './bill.detector';
import { amountsIn, parseAmount, readBill } from './read-bill';

const NOW = new Date('2026-11-27T10:00:00Z');
const context = { userId: 1, timezone: 'Europe/Berlin', now: NOW };

const document = (text: string, originalName = 'invoice.pdf') =>
  ({ id: 7, userId: 1, originalName, content: `${EXTRACTED_TEXT_MARKER}\n${text}` }) as DocumentEntity;

const detect = (text: string) => new BillDetector().fromDocument(document(text), context);

describe('BillDetector', () => {
  it('suggests paying a recognised energy invoice on its due date, with the amount', () => {
    const text = [
      'Northwind Energy Ltd',
      '',
      'INVOICE',
      'Invoice number: INV-2026-0417',
      'Invoice date: 20 November 2026',
      '',
      'Electricity, October 2026',
      '',
      'Amount due: €1,234.50',
      'Please pay by 15 December 2026',
    ].join('\n');
    expect(detect(text)).toEqual([
      {
        kind: 'task',
        origin: 'bill',
        key: 'bill:INV-2026-0417:2026-12-15:1234.5EUR',
        title: 'Pay Northwind Energy Ltd invoice INV-2026-0417 (€1,234.50)',
        detail: '€1,234.50 due 15 December 2026',
        draft: {
          title: 'Pay Northwind Energy Ltd invoice INV-2026-0417 (€1,234.50)',
          dueDate: '2026-12-15',
          description: 'From the document invoice.pdf.',
          amount: { value: 1234.5, currency: 'EUR' },
        },
      },
    ]);
  });

  it('reads a US invoice: "Total due", "Due date" as an ISO date, dollars', () => {
    const bill = readBill(
      [
        'Acme Hosting Inc.',
        '500 Market Street, San Francisco, CA 94105',
        'Invoice # 88412',
        'Subtotal $89.00',
        'Tax $7.12',
        'Total due $96.12',
        'Due date: 2026-12-15',
      ].join('\n'),
      NOW,
    );
    expect(bill).toEqual({
      issuer: 'Acme Hosting Inc.',
      number: '88412',
      amount: { value: 96.12, currency: 'USD' },
      dueDate: '2026-12-15',
    });
  });

  it('reads a German invoice: Rechnungsnummer, Zahlbetrag 1.234,50 EUR, zahlbar bis 15.12.2026', () => {
    expect(
      readBill(
        [
          'Stadtwerke Musterstadt GmbH',
          'Rechnung',
          'Rechnungsnummer: 2026-55120',
          'Rechnungsdatum: 20.11.2026',
          'Zahlbetrag: 1.234,50 EUR',
          'Zahlbar bis 15.12.2026',
        ].join('\n'),
        NOW,
      ),
    ).toEqual({
      issuer: 'Stadtwerke Musterstadt GmbH',
      number: '2026-55120',
      amount: { value: 1234.5, currency: 'EUR' },
      dueDate: '2026-12-15',
    });
  });

  it('reads a French invoice: Montant à payer 1 234,50 €, Date d’échéance 15/12/2026', () => {
    expect(
      readBill(
        [
          'Électricité de Provence SA',
          'Facture n° F-77120',
          'Montant à payer : 1 234,50 €',
          "Date d'échéance : 15/12/2026",
        ].join('\n'),
        NOW,
      ),
    ).toMatchObject({ number: 'F-77120', amount: { value: 1234.5, currency: 'EUR' }, dueDate: '2026-12-15' });
  });

  it('counts "payable within 14 days" from the invoice date', () => {
    expect(
      readBill(
        [
          'Brightside Design Ltd',
          'Invoice No. BD-104',
          'Invoice date: 1 December 2026',
          'Amount due: £480.00',
          'Payment is due within 14 days.',
        ].join('\n'),
        NOW,
      ),
    ).toMatchObject({
      issuer: 'Brightside Design Ltd',
      amount: { value: 480, currency: 'GBP' },
      dueDate: '2026-12-15',
    });
  });

  it('reads a due date printed on the line under its label', () => {
    expect(readBill(['Invoice', 'Amount due', '€52.00', 'Due date', '3 January 2027'].join('\n'), NOW)).toMatchObject({
      amount: { value: 52, currency: 'EUR' },
      dueDate: '2027-01-03',
    });
  });

  it('suggests nothing for a letter without an amount', () => {
    expect(
      detect(
        [
          'City Library',
          'Dear reader,',
          'the books you borrowed are due back by 15 December 2026. Payment of late fees is not needed yet.',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('suggests nothing for a paid receipt', () => {
    expect(
      detect(
        [
          'Corner Café',
          'Receipt',
          'Date: 26 November 2026',
          '2 × Flat white €7.00',
          'Total €7.00',
          'Paid by card',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('suggests nothing when the balance due is zero, or no due date is given', () => {
    expect(detect(['Invoice 12', 'Amount due: €0.00', 'Due date: 15 December 2026'].join('\n'))).toEqual([]);
    expect(detect(['Invoice 12', 'Amount due: €40.00'].join('\n'))).toEqual([]);
  });

  it('suggests nothing for a document without text', () => {
    expect(new BillDetector().fromDocument({ ...document(''), content: null } as DocumentEntity, context)).toEqual([]);
  });
});

describe('amounts', () => {
  it('reads thousands separators and decimal points as printed in English, German and French', () => {
    expect(parseAmount('1,234.50')).toBe(1234.5);
    expect(parseAmount('1.234,50')).toBe(1234.5);
    expect(parseAmount('1 234,50')).toBe(1234.5);
    expect(parseAmount('1,234')).toBe(1234);
    expect(parseAmount('96.12')).toBe(96.12);
  });

  it('takes only numbers with a currency', () => {
    expect(amountsIn('2 × Flat white €7.00, 3 items, USD 12')).toEqual([
      { value: 7, currency: 'EUR' },
      { value: 12, currency: 'USD' },
    ]);
  });
});
