import type { Email } from '@aide/contracts';
import { cleanup, render } from '@aide/testing';
import { EmailRow, rowLabel } from './EmailList';

afterEach(cleanup);

const email = (fields: Partial<Email> = {}): Email => ({
  id: 3,
  integrationId: null,
  subject: 'Lunch on Friday?',
  from: '"Grace Hopper" <grace@acme.example>',
  to: 'ada@example.test',
  cc: null,
  body: 'Are you free?\nG.',
  htmlBody: null,
  priority: 'urgent',
  category: 'work',
  isRead: false,
  isArchived: false,
  isAutoResponded: false,
  receivedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  attachments: [],
  metadata: {},
  ...fields,
});

const noop = () => undefined;
const row = (e: Email) => render(<EmailRow email={e} onOpen={noop} onEditTriage={noop} onToggleArchived={noop} />);
const weightOf = (container: HTMLElement, text: string) =>
  Array.from(container.querySelectorAll<HTMLElement>('[style*="font-weight"]')).find((el) => el.textContent === text)
    ?.style.fontWeight ?? '';

describe('EmailRow', () => {
  it('shows an unread email in bold, with an unread dot', () => {
    const container = row(email());
    expect(weightOf(container, 'Grace Hopper')).toBe('600');
    expect(container.querySelector('.aide-email-unread-dot')).not.toBeNull();
  });

  it('shows a read email in the normal weight, without the dot', () => {
    const container = row(email({ isRead: true }));
    expect(weightOf(container, 'Grace Hopper')).toBe('400');
    expect(container.querySelector('.aide-email-unread-dot')).toBeNull();
  });

  it('shows priority and category as tags, and the body on one line after the subject', () => {
    const text = row(email()).textContent!;
    expect(text).toContain('Urgent');
    expect(text).toContain('Work');
    expect(text).toContain('Lunch on Friday? — Are you free? G.');
  });

  it('names the row for screen readers, and the menu button apart from it', () => {
    const container = row(email());
    expect(rowLabel(email({ isRead: true }), 'Ada', 'Notes')).toBe('Ada: Notes. Urgent, Work. 5 minutes ago');
    expect(rowLabel(email(), 'Grace Hopper', 'Lunch on Friday?')).toBe(
      'Unread. Grace Hopper: Lunch on Friday? Urgent, Work. 5 minutes ago',
    );
    expect(container.querySelector('.aide-email-row-open')?.getAttribute('aria-label')).toBe(
      'Unread. Grace Hopper: Lunch on Friday? Urgent, Work. 5 minutes ago',
    );
    expect(container.querySelector('[aria-label="Actions for Lunch on Friday?"]')).not.toBeNull();
  });

  it('shows whom a sent or draft message went to', () => {
    expect(
      row(email({ isRead: true, metadata: { status: 'draft' }, to: 'Charles <charles@engines.example>' })).textContent,
    ).toContain('To: Charles');
  });
});
