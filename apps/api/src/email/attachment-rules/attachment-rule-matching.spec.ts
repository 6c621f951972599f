import { attachmentsToFile, messageMatches, type RuleConditions } from './attachment-rule-matching';

const rule = (overrides: Partial<RuleConditions & { id: number }> = {}) => ({
  id: 1,
  sender: null,
  senderMatch: 'contains' as const,
  subjectContains: null,
  attachmentType: 'any' as const,
  integrationId: null,
  ...overrides,
});

const invoice = {
  integrationId: 7,
  from: 'Acme Billing <billing@acme.example>',
  subject: 'Your invoice INV-2041',
  attachments: [
    { filename: 'INV-2041.pdf', contentType: 'application/pdf' },
    { filename: 'logo.png', contentType: 'image/png' },
    { filename: 'terms.txt', contentType: 'text/plain' },
  ],
};

describe('attachment rule matching', () => {
  it('matches the sender by address or by part of the From, case-insensitive', () => {
    expect(messageMatches(rule({ sender: 'BILLING@acme.example', senderMatch: 'equals' }), invoice)).toBe(true);
    expect(messageMatches(rule({ sender: 'acme.example', senderMatch: 'equals' }), invoice)).toBe(false);
    expect(messageMatches(rule({ sender: 'acme billing' }), invoice)).toBe(true);
    expect(messageMatches(rule({ sender: 'globex' }), invoice)).toBe(false);
  });

  it('matches the subject and the account when the rule names them', () => {
    expect(messageMatches(rule({ subjectContains: 'invoice' }), invoice)).toBe(true);
    expect(messageMatches(rule({ subjectContains: 'receipt' }), invoice)).toBe(false);
    expect(messageMatches(rule({ integrationId: 7 }), invoice)).toBe(true);
    expect(messageMatches(rule({ integrationId: 8 }), invoice)).toBe(false);
  });

  it('files each attachment of the rule’s type once, by the first rule that matches', () => {
    const pdfs = rule({ id: 1, attachmentType: 'pdf', sender: 'acme' });
    const images = rule({ id: 2, attachmentType: 'images' });
    const anything = rule({ id: 3 });
    const filing = attachmentsToFile([pdfs, images, anything], invoice);
    expect([...filing].map(([index, r]) => [index, r.id])).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
    expect(attachmentsToFile([rule({ attachmentType: 'pdf', sender: 'globex' })], invoice).size).toBe(0);
  });
});
