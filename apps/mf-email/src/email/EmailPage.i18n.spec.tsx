/** The email screens in another language (issue 22): texts, plurals, dates and numbers follow it; English is unchanged. */
import { act } from 'react';
import type { Email, EmailStats } from '@aide/contracts';
import { formatFileSize, setLocale } from '@aide/i18n';
import { allByText, byText, cleanup, mockFetch, render, renderScreen, route, waitFor } from '@aide/testing';
import { UnreadEmailsStat } from '../dashboard/widgets';
import { EmailDetailDialog } from '../shared/EmailDetailDialog';
import EmailPage from './EmailPage';

afterEach(async () => {
  cleanup();
  await act(() => setLocale('en'));
});

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

const stats: EmailStats = { inbox: 2, urgent: 1, important: 1, regular: 0, work: 1, unread: 1, total: 12_345 };

function mailbox() {
  mockFetch(
    route('GET /api/emails/stats', { body: stats }),
    route('GET /api/emails', {
      body: {
        items: [email(), email({ id: 4, subject: 'Invoice', priority: 'regular', category: 'finance', isRead: true })],
        total: 2,
        page: 1,
        pageSize: 20,
      },
    }),
  );
}

describe('the inbox in Spanish', () => {
  it('shows translated headings, tabs, tags, counts in Spanish digits and relative dates', async () => {
    await act(() => setLocale('es'));
    mailbox();
    const { container } = renderScreen(<EmailPage />, { path: '/email' });
    await waitFor(() => byText('Gestión del correo'));
    expect(byText('Bandeja de entrada')).toBeTruthy();
    expect(byText('Archivados')).toBeTruthy();
    // Numbers in Spanish conventions: 12.345, not 12,345.
    const totals = await waitFor(() =>
      Array.from(container.querySelectorAll('.ant-statistic')).find((stat) =>
        stat.textContent?.startsWith('Total de correos'),
      ),
    );
    await waitFor(() => totals!.querySelector('.ant-statistic-content')?.textContent === '12.345');
    // The rows: translated tags, the list named in Spanish, the range line and the time through dayjs's locale.
    await waitFor(() => container.querySelector('ul[aria-label="Correos de la bandeja de entrada"]'));
    expect(allByText('Urgente').length).toBeGreaterThan(0);
    expect(allByText('Finanzas').length).toBeGreaterThan(0);
    expect(byText('1–2 de 2')).toBeTruthy();
    expect(allByText('hace 5 minutos').length).toBeGreaterThan(0);
    const open = container.querySelector('.aide-email-row-open');
    expect(open?.getAttribute('aria-label')).toBe(
      'Sin leer. Grace Hopper: Lunch on Friday? Urgente, Trabajo. hace 5 minutos',
    );
    expect(container.querySelector('[aria-label="Acciones para Invoice"]')).not.toBeNull();
  });

  it("says 'N marcado(s) como urgente(s)' with the plural the count needs", async () => {
    await act(() => setLocale('es'));
    const dashboard = (urgentUnread: number) =>
      route('GET /api/dashboard', {
        body: {
          modules: {
            email: {
              unread: 4,
              urgentUnread,
              insights: { urgent: 1, important: 0, regular: 3, autoResponses: { meetings: 0, inquiries: 0 } },
            },
          },
        },
      });
    mockFetch(dashboard(1));
    renderScreen(<UnreadEmailsStat />);
    await waitFor(() => byText('1 marcado como urgente'));
    expect(byText('Correos sin leer')).toBeTruthy();
    cleanup();
    mockFetch(dashboard(3));
    renderScreen(<UnreadEmailsStat />);
    await waitFor(() => byText('3 marcados como urgentes'));
  });
});

describe('the email dialog in Japanese', () => {
  it('shows the buttons, the full date, the attachments and their sizes in Japanese', async () => {
    await act(() => setLocale('ja'));
    const message = email({
      isRead: true,
      // Noon UTC: the 3rd of March in every time zone a test may run in.
      receivedAt: '2026-03-03T12:00:00.000Z',
      attachments: [
        { filename: 'report.pdf', size: 1946, contentType: 'application/pdf' },
        { filename: 'notes.txt', size: 512, contentType: 'text/plain' },
      ],
    });
    render(<EmailDetailDialog open email={message} onClose={() => undefined} actions={actions} />);
    await waitFor(() => byText('未読にする'));
    expect(byText('返信')).toBeTruthy();
    expect(byText('転送')).toBeTruthy();
    expect(byText('優先度とカテゴリを編集')).toBeTruthy();
    expect(byText('宛先')).toBeTruthy();
    // The full date in Japanese order, through Intl: '2026年3月3日火曜日 …'.
    const time = document.querySelector('time')!;
    expect(time.textContent).toMatch(/^2026年3月3日火曜日/);
    expect(time.textContent).toMatch(/前）$/);
    // A plural (one 'other' form in Japanese) and the sizes in the language's units.
    expect(document.querySelector('[role="group"][aria-label="添付ファイル 2 件"]')).not.toBeNull();
    expect(byText('report.pdf · 1.9 KB')).toBeTruthy();
    expect(byText('notes.txt · 512 バイト')).toBeTruthy();
  });
});

const actions = {
  onToggleRead: () => undefined,
  onEditTriage: () => undefined,
  onToggleArchived: () => undefined,
  onReply: () => undefined,
  onForward: () => undefined,
};

describe('attachment sizes (spec §9: Bytes, KB, MB, GB in steps of 1024, one decimal above bytes)', () => {
  it('shows each attachment with its size, in English as before', async () => {
    const message = email({
      isRead: true,
      attachments: [
        { filename: 'digest.pdf', size: 2048, contentType: 'application/pdf' },
        { filename: 'photo.jpg', size: 1137, contentType: 'image/jpeg' },
        { filename: 'tiny.txt', size: 300, contentType: 'text/plain' },
        { filename: 'video.mp4', size: 25 * 1024 * 1024, contentType: 'video/mp4' },
        { filename: null, size: 3 * 1024 ** 3, contentType: 'application/zip' },
      ],
    });
    render(<EmailDetailDialog open email={message} onClose={() => undefined} actions={actions} />);
    await waitFor(() => byText('digest.pdf · 2.0 KB'));
    expect(byText('photo.jpg · 1.1 KB')).toBeTruthy();
    expect(byText('tiny.txt · 300 Bytes')).toBeTruthy();
    expect(byText('video.mp4 · 25.0 MB')).toBeTruthy();
    expect(byText('Attachment · 3.0 GB')).toBeTruthy();
    expect(document.querySelector('[role="group"][aria-label="5 attachments"]')).not.toBeNull();
  });

  it("leaves out a meeting invitation's unnamed calendar part (its card shows it), and keeps the .ics file", async () => {
    const message = email({
      isRead: true,
      attachments: [
        { filename: null, size: 436, contentType: 'text/calendar; method=REQUEST' },
        { filename: 'invite.ics', size: 436, contentType: 'application/ics' },
      ],
    });
    render(<EmailDetailDialog open email={message} onClose={() => undefined} actions={actions} />);
    await waitFor(() => byText('invite.ics · 436 Bytes'));
    expect(document.body.textContent).not.toContain('Attachment · 436 Bytes');
    expect(document.querySelector('[role="group"][aria-label="1 attachment"]')).not.toBeNull();
  });

  it('writes sizes the way the language does', async () => {
    await act(() => setLocale('fr'));
    expect(formatFileSize(1946)).toBe('1,9 Ko');
    expect(formatFileSize(300)).toBe('300 octets');
    await act(() => setLocale('de'));
    expect(formatFileSize(25 * 1024 * 1024)).toBe('25,0 MB');
  });
});
