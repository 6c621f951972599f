import {
  type AutoResponseCandidate,
  autoResponseKind,
  autoResponseSignature,
  autoResponseText,
  reasonNotToAnswer,
} from './auto-response-rules';

const ACCOUNT = 'ada@example.test';
const candidate = (overrides: Partial<AutoResponseCandidate> = {}): AutoResponseCandidate => ({
  subject: 'Hello',
  from: 'Grace Hopper <grace@navy.example>',
  body: 'The tapes arrived.',
  category: null,
  attachments: [],
  headers: new Map(),
  calendarRequest: false,
  ...overrides,
});
const headers = (entries: Record<string, string>) => new Map(Object.entries(entries));

describe('autoResponseKind', () => {
  it('reads calendar invitations and scheduling questions as meeting requests', () => {
    expect(autoResponseKind(candidate({ calendarRequest: true }))).toBe('meeting');
    expect(
      autoResponseKind(
        candidate({ attachments: [{ filename: 'invite.ics', contentType: 'text/calendar', size: 300 }] }),
      ),
    ).toBe('meeting');
    expect(autoResponseKind(candidate({ subject: 'Call on Tuesday?', body: 'Are you free at 10?' }))).toBe('meeting');
    expect(autoResponseKind(candidate({ body: "Let's schedule a meeting to go over the numbers." }))).toBe('meeting');
  });

  it('reads questions to the user as inquiries', () => {
    expect(autoResponseKind(candidate({ body: 'Could you send me the report' }))).toBe('inquiry');
    expect(autoResponseKind(candidate({ subject: 'Pricing', body: 'We are interested in your product.' }))).toBe(
      'inquiry',
    );
    expect(autoResponseKind(candidate({ body: 'What time does the library open?' }))).toBe('inquiry');
  });

  it('answers nothing for statements, for a meeting merely mentioned, and for questions only in quoted text or links', () => {
    expect(autoResponseKind(candidate())).toBeNull();
    expect(
      autoResponseKind(
        candidate({ subject: 'Notes on the compiler meeting', body: "Thursday's demo stays at 10:00." }),
      ),
    ).toBeNull();
    expect(
      autoResponseKind(candidate({ body: 'Done.\n\nOn Mon, 2 Nov 2026, Ada wrote:\n> Could you check the tapes?' })),
    ).toBeNull();
    expect(autoResponseKind(candidate({ body: 'Minutes: https://docs.example/view?id=42' }))).toBeNull();
  });
});

describe('reasonNotToAnswer', () => {
  it('lets a person writing to the user through', () => {
    expect(reasonNotToAnswer(candidate(), ACCOUNT)).toBeNull();
    expect(reasonNotToAnswer(candidate({ headers: headers({ 'auto-submitted': 'no' }) }), ACCOUNT)).toBeNull();
  });

  it('refuses automatic, bounced, list and bulk mail (RFC 3834)', () => {
    expect(reasonNotToAnswer(candidate({ headers: headers({ 'auto-submitted': 'auto-replied' }) }), ACCOUNT)).toBe(
      'Auto-Submitted: auto-replied',
    );
    expect(reasonNotToAnswer(candidate({ headers: headers({ 'auto-submitted': 'auto-generated' }) }), ACCOUNT)).toMatch(
      /Auto-Submitted/,
    );
    expect(reasonNotToAnswer(candidate({ headers: headers({ 'return-path': '<>' }) }), ACCOUNT)).toMatch(/bounce/);
    expect(
      reasonNotToAnswer(candidate({ headers: headers({ 'x-auto-response-suppress': 'OOF, AutoReply' }) }), ACCOUNT),
    ).toMatch(/Suppress/);
    expect(reasonNotToAnswer(candidate({ headers: headers({ precedence: 'bulk' }) }), ACCOUNT)).toMatch(/Precedence/);
    expect(
      reasonNotToAnswer(
        candidate({ headers: headers({ 'list-unsubscribe': '<mailto:leave@list.example>' }) }),
        ACCOUNT,
      ),
    ).toMatch(/list/);
    expect(reasonNotToAnswer(candidate({ category: 'newsletter' }), ACCOUNT)).toMatch(/newsletter/);
  });

  it('refuses the account itself and machine senders', () => {
    expect(reasonNotToAnswer(candidate({ from: 'Ada <ADA@example.test>' }), ACCOUNT)).toMatch(/itself/);
    for (const from of [
      'no-reply@shop.example',
      'noreply@x.example',
      'MAILER-DAEMON@mx.example',
      'postmaster@x.example',
      'notifications+abc@github.example',
      'do_not_reply@bank.example',
    ])
      expect(reasonNotToAnswer(candidate({ from }), ACCOUNT)).toMatch(/machine/);
    expect(reasonNotToAnswer(candidate({ from: 'undisclosed-recipients:;' }), ACCOUNT)).toMatch(/no sender/);
  });
});

describe('autoResponseText', () => {
  it('greets the sender by first name and says it is automatic', () => {
    expect(autoResponseText('meeting', { from: 'Grace Hopper <grace@navy.example>' }, 'Ada Lovelace')).toBe(
      'Hello Grace,\n\nThank you for your meeting request. I have received it and will confirm a time with you shortly.\n\nBest regards,\nAda Lovelace\n\n(This is an automatic reply.)',
    );
    expect(autoResponseText('inquiry', { from: 'grace@navy.example' }, 'ada@example.test')).toMatch(
      /^Hello,\n\nThank you for your message\. I have received your inquiry/,
    );
  });
});

describe('autoResponseSignature', () => {
  const integration = { displayName: 'Work mailbox', email: 'ann@example.com' };
  it("signs with the person's name, else the display name, else the address", () => {
    expect(autoResponseSignature({ firstName: 'Ann', lastName: 'Lee' }, integration)).toBe('Ann Lee');
    expect(autoResponseSignature({ firstName: 'Ann', lastName: null }, integration)).toBe('Ann');
    expect(autoResponseSignature({ firstName: null, lastName: null }, integration)).toBe('Work mailbox');
    expect(autoResponseSignature(null, { displayName: null, email: 'ann@example.com' })).toBe('ann@example.com');
  });
});
