import { useImperativeHandle, useState } from 'react';
import { act, byText, button, cleanup, click, mockFetch, renderScreen, route, type, waitFor } from '@aide/testing';
import { type EmailIntegration, emailComposeEndpoints, emailEndpoints } from '@aide/contracts';
import ComposeWindow from './ComposeWindow';
import type { RichTextEditorProps } from './RichTextEditor';

// The body editor is TipTap (contenteditable, which jsdom does not lay out): a textarea stands in,
// holding the HTML the window gives it.
jest.mock('./RichTextEditor', () => ({
  __esModule: true,
  default: function FakeEditor({ initialHtml, onChange, label, ref }: RichTextEditorProps) {
    const [html, setHtml] = useState(initialHtml);
    useImperativeHandle(ref, () => ({ setHtml, getHtml: () => html }), [html]);
    return (
      <textarea
        aria-label={label}
        value={html}
        onChange={(event) => {
          setHtml(event.target.value);
          onChange(event.target.value, event.target.value.replace(/<[^>]+>/g, ''));
        }}
      />
    );
  },
}));

afterEach(cleanup);

const account = (fields: Partial<EmailIntegration>): EmailIntegration => ({
  id: 1,
  provider: 'imap',
  email: 'ada@example.test',
  displayName: 'Ada Lovelace',
  isActive: true,
  syncEnabled: true,
  syncing: false,
  syncFrequency: 300,
  autoRespond: false,
  autoCategories: true,
  lastSyncAt: null,
  lastSyncError: null,
  imapHost: null,
  imapPort: null,
  smtpHost: null,
  smtpPort: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  signature: null,
  ...fields,
});

const ACCOUNTS = [
  account({ id: 1, email: 'ada@work.example', signature: 'Ada Lovelace\nAnalytical Engines' }),
  account({ id: 2, email: 'ada@home.example', displayName: null, signature: 'Ada (home)' }),
];

function open() {
  const fetch = mockFetch(
    route(`GET ${emailEndpoints.integrations.path}`, { body: ACCOUNTS }),
    route(`GET ${emailComposeEndpoints.contacts.path}`, { body: [] }),
    route(`PUT ${emailComposeEndpoints.createDraft.path}`, (call) => ({
      body: {
        id: 41,
        message: { ...(call.body as object), draftId: 41 },
        files: [],
        updatedAt: '2026-03-01T09:00:00.000Z',
      },
    })),
  );
  const screen = renderScreen(<ComposeWindow open draftId={null} onClose={() => undefined} />);
  return { ...fetch, ...screen };
}

const editor = () => document.body.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')!;

describe('ComposeWindow', () => {
  it('asks for a recipient when Send is pressed without one, and sends nothing', async () => {
    const { calls } = open();
    await waitFor(() => editor());
    await click(button('Send'));
    await waitFor(() => byText('Add at least one recipient'));
    expect(calls.some((call) => call.url.startsWith('/api/emails/send'))).toBe(false);
  });

  it("puts the first account's signature below the body and swaps it when From changes", async () => {
    open();
    await waitFor(() => editor());
    expect(editor().value).toBe('<p></p><p>--</p><p>Ada Lovelace</p><p>Analytical Engines</p>');
    await type(editor(), '<p>Dear Charles,</p><p>--</p><p>Ada Lovelace</p><p>Analytical Engines</p>');

    const from = document.body.querySelector('.ant-select')!;
    await act(async () => {
      from
        .querySelector('.ant-select-selector, .ant-select-content, input')!
        .dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    const option = await waitFor(() =>
      Array.from(document.body.querySelectorAll('.ant-select-item-option')).find(
        (el) => el.textContent === 'ada@home.example',
      ),
    );
    await click(option!);
    await waitFor(() => editor().value === '<p>Dear Charles,</p><p>--</p><p>Ada (home)</p>');
  });

  it('saves the draft a moment after typing stops', async () => {
    const { calls } = open();
    await waitFor(() => editor());
    await type(document.body.querySelector<HTMLInputElement>('input[aria-label="Subject"]')!, 'Engine notes');
    const drafts = () => calls.filter((call) => call.method === 'PUT' && call.url === '/api/emails/drafts');
    expect(drafts()).toHaveLength(0);
    await waitFor(() => drafts().length === 1);
    expect(drafts()[0].body).toMatchObject({ integrationId: 1, subject: 'Engine notes', to: [] });
    await waitFor(() => byText('Draft saved'));
  });
});
