import type { Email } from '@aide/contracts';
import { act, cleanup, render } from '@aide/testing';
import { EmailList } from '../email/EmailList';
import { useEmailSelection } from './useEmailSelection';

afterEach(cleanup);

const email = (id: number): Email => ({
  id,
  integrationId: null,
  subject: `Message ${id}`,
  from: 'Grace <grace@acme.example>',
  to: 'ada@example.test',
  cc: null,
  body: '',
  htmlBody: null,
  priority: 'regular',
  category: null,
  isRead: true,
  isArchived: false,
  isAutoResponded: false,
  receivedAt: new Date().toISOString(),
  attachments: [],
  metadata: {},
});
const emails = [1, 2, 3, 4, 5].map(email);
const noop = () => undefined;

function Harness() {
  const selection = useEmailSelection(
    emails.map((e) => [e.id]),
    'scope',
  );
  return (
    <>
      <output>{[...selection.state.ids].join(',')}</output>
      <EmailList
        emails={emails}
        loading={false}
        empty={null}
        label="Emails"
        onOpen={noop}
        onEditTriage={noop}
        onToggleArchived={noop}
        selection={{
          isSelected: (e) => selection.isSelected([e.id]),
          onToggle: selection.toggleRow,
          labelFor: (e) => `Select ${e.subject}`,
        }}
      />
    </>
  );
}

const box = (container: HTMLElement, subject: string) =>
  container.querySelector<HTMLInputElement>(`input[aria-label="Select ${subject}"]`)!;
const clickBox = async (input: HTMLInputElement, shiftKey = false) =>
  act(async () => {
    input.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, shiftKey }));
  });

describe('the rows’ checkboxes', () => {
  it('select a row, and with Shift the range from the last one clicked', async () => {
    const container = render(<Harness />);
    await clickBox(box(container, 'Message 2'));
    expect(container.querySelector('output')!.textContent).toBe('2');
    await clickBox(box(container, 'Message 4'), true);
    expect(container.querySelector('output')!.textContent).toBe('2,3,4');
    expect(box(container, 'Message 3').checked).toBe(true);
  });
});
