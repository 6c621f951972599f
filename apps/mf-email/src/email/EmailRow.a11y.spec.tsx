/** The inbox row for keyboard and screen-reader users (issue 22). */
import type { Email } from '@aide/contracts';
import { button, cleanup, pickMenuItem, render } from '@aide/testing';
import { EmailRow } from './EmailList';

afterEach(cleanup);

const email: Email = {
  id: 9,
  integrationId: null,
  subject: 'Budget review',
  from: 'Ada Lovelace <ada@example.test>',
  to: 'me@example.test',
  cc: null,
  body: 'Numbers attached.',
  htmlBody: null,
  priority: 'important',
  category: 'finance',
  isRead: true,
  isArchived: false,
  isAutoResponded: false,
  receivedAt: new Date(Date.now() - 60 * 60_000).toISOString(),
  attachments: [{ filename: 'q3.xlsx', size: 20_480, contentType: 'application/vnd.ms-excel' }],
  metadata: {},
};

describe('EmailRow accessibility', () => {
  it('opens from one focusable button whose name holds everything and which shows no other text', () => {
    const onOpen = jest.fn();
    const container = render(
      <EmailRow email={email} onOpen={onOpen} onEditTriage={() => undefined} onToggleArchived={() => undefined} />,
    );
    const open = container.querySelector<HTMLButtonElement>('button.aide-email-row-open')!;
    // No visible text of its own, so its accessible name cannot mismatch it (axe label-content-name-mismatch).
    expect(open.textContent).toBe('');
    expect(open.getAttribute('aria-label')).toBe('Ada Lovelace: Budget review. Important, Finance. an hour ago');
    // What the row shows is for the eye only: the button's name already says it.
    expect(container.querySelector('.aide-email-row-content')?.getAttribute('aria-hidden')).toBe('true');
    open.focus();
    expect(document.activeElement).toBe(open);
    open.click();
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it("puts focus back on the row's menu button before opening the dialog, so closing it returns there", async () => {
    let focusedWhenOpened: Element | null = null;
    render(
      <EmailRow
        email={email}
        onOpen={() => undefined}
        onEditTriage={() => {
          focusedWhenOpened = document.activeElement;
        }}
        onToggleArchived={() => undefined}
      />,
    );
    await pickMenuItem('Actions for Budget review', 'Edit Priority & Category');
    expect(focusedWhenOpened).toBe(button('Actions for Budget review'));
  });
});
