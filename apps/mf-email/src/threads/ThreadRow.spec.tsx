import type { Email } from '@aide/contracts';
import { cleanup, render } from '@aide/testing';
import { EmailRow } from '../email/EmailList';

afterEach(cleanup);

const email = (fields: Partial<Email> = {}): Email => ({
  id: 7,
  integrationId: 1,
  subject: 'Fwd: Offsite agenda',
  from: 'Ada Lovelace <ada@engine.example>',
  to: 'bob@example.test',
  cc: null,
  body: 'Forwarding this.',
  htmlBody: null,
  priority: 'regular',
  category: null,
  isRead: true,
  isArchived: false,
  isAutoResponded: false,
  receivedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  attachments: [],
  metadata: {},
  threadId: 4,
  ...fields,
});
const thread = {
  size: 4,
  emailIds: [7, 6, 5, 4],
  unread: 2,
  participants: [
    'Grace Hopper <grace@navy.example>',
    'Alan Turing <alan@bletchley.example>',
    'Ada Lovelace <ada@engine.example>',
  ],
};
const noop = () => undefined;
const row = (e: Email) => render(<EmailRow email={e} onOpen={noop} onEditTriage={noop} onToggleArchived={noop} />);

describe('a conversation row', () => {
  it('names its senders, counts its messages and is unread while any listed message is', () => {
    const container = row(email({ thread }));
    expect(container.textContent).toContain('Grace, Alan, Ada');
    expect(container.querySelector('[title="4 messages"]')?.textContent).toBe('4');
    expect(container.querySelector('.aide-email-unread-dot')).not.toBeNull();
    expect(container.querySelector('.aide-email-row-open')?.getAttribute('aria-label')).toBe(
      'Unread. Grace, Alan, Ada: Fwd: Offsite agenda. Regular. 5 minutes ago Conversation of 4 messages, 2 unread.',
    );
  });

  it('is a plain row for a conversation of one message, or without threads', () => {
    for (const e of [email({ thread: { ...thread, size: 1, unread: 0, emailIds: [7] } }), email()]) {
      const container = row(e);
      expect(container.textContent).toContain('Ada Lovelace');
      expect(container.querySelector('[title$="messages"]')).toBeNull();
      cleanup();
    }
  });
});
