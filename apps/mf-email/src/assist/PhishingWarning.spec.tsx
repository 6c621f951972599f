/** The phishing warning words its reasons in the reader's language (issue 24); older rows keep their English reasons. */
import { act, Suspense } from 'react';
import type { Email } from '@aide/contracts';
import { setLocale } from '@aide/i18n';
import { cleanup, render, waitFor } from '@aide/testing';
import { usePhishingGuard } from './PhishingWarning';

afterEach(async () => {
  cleanup();
  await act(() => setLocale('en'));
});

const email = (phishing: NonNullable<Email['metadata']['phishing']>): Email => ({
  id: 7,
  integrationId: null,
  subject: 'Account on hold',
  from: '"MyBank Security" <alerts@secure-mybank-login.com>',
  to: 'ada@example.test',
  cc: null,
  body: 'Verify your account.',
  htmlBody: null,
  priority: 'important',
  category: 'spam',
  isRead: false,
  isArchived: false,
  isAutoResponded: false,
  receivedAt: '2026-11-02T09:00:00.000Z',
  attachments: [],
  metadata: { phishing },
});

function Warning({ of }: { of: Email }) {
  return <>{usePhishingGuard(of).alert}</>;
}

const reasonsShown = (container: HTMLElement) => [...container.querySelectorAll('li')].map((li) => li.textContent);

const flagged = email({
  reasons: ['The sender calls itself "MyBank Security" but writes from secure-mybank-login.com', 'DKIM check failed'],
  signals: [
    { kind: 'brandName', name: 'MyBank Security', domain: 'secure-mybank-login.com' },
    { kind: 'authenticationFailed', method: 'DKIM' },
  ],
});

describe('the phishing warning', () => {
  it('lists each reason as a sentence in English', async () => {
    const container = render(
      <Suspense>
        <Warning of={flagged} />
      </Suspense>,
    );
    await waitFor(() => (reasonsShown(container).length === 2 ? true : undefined));
    expect(container.textContent).toContain('This message may be phishing');
    expect(reasonsShown(container)).toEqual([
      'The sender calls itself “MyBank Security” but writes from secure-mybank-login.com.',
      'The sender failed the DKIM check.',
    ]);
  });

  it('words the reasons in Japanese for a Japanese reader', async () => {
    await act(() => setLocale('ja'));
    const container = render(
      <Suspense>
        <Warning of={flagged} />
      </Suspense>,
    );
    await waitFor(() => (reasonsShown(container).length === 2 ? true : undefined));
    expect(container.textContent).toContain('このメッセージはフィッシングの可能性があります');
    expect(reasonsShown(container)).toEqual([
      '送信者は「MyBank Security」と名乗っていますが、secure-mybank-login.com から送信しています。',
      '送信者は DKIM の検証に失敗しました。',
    ]);
  });

  it('shows the English reasons of a message flagged before the reasons came as data', async () => {
    const container = render(
      <Suspense>
        <Warning of={email({ reasons: ['DKIM check failed'] })} />
      </Suspense>,
    );
    await waitFor(() => (reasonsShown(container).length === 1 ? true : undefined));
    expect(reasonsShown(container)).toEqual(['DKIM check failed']);
  });
});
