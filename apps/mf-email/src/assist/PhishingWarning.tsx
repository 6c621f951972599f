import type { Email, PhishingSignal } from '@aide/contracts';
import { Alert, Button, Flex } from 'antd';
import { type ReactNode, useState } from 'react';
import { useT } from '../i18n/assist';

/** Why the message is suspected of phishing, or null (set by the sync: metadata.phishing). */
export const phishingOf = (email: Email | null): string[] | null => email?.metadata?.phishing?.reasons ?? null;

type T = ReturnType<typeof useT>;

/** A signal in the reader's language. */
function signalText(t: T, signal: PhishingSignal): string {
  switch (signal.kind) {
    case 'shownAddress':
      return t('phishing.signal.shownAddress', { shown: signal.shown, domain: signal.domain });
    case 'brandName':
      return t('phishing.signal.brandName', { name: signal.name, domain: signal.domain });
    case 'punycode':
      return t('phishing.signal.punycode', { domain: signal.domain });
    case 'digitsForLetters':
      return t('phishing.signal.digitsForLetters', { domain: signal.domain, imitates: signal.imitates });
    case 'extraWords':
      return t('phishing.signal.extraWords', { domain: signal.domain, name: signal.name, imitates: signal.imitates });
    case 'authenticationFailed':
      return t('phishing.signal.authenticationFailed', { method: signal.method });
    case 'credentialForm':
      return t('phishing.signal.credentialForm');
    case 'deceptiveLink':
      return t('phishing.signal.deceptiveLink', { shown: signal.shown, target: signal.target });
  }
}

/** The reasons worded from the signals; a message flagged before signals existed has its English reasons only. */
function reasonTexts(t: T, email: Email): string[] {
  const verdict = email.metadata.phishing;
  return verdict?.signals ? verdict.signals.map((signal) => signalText(t, signal)) : (verdict?.reasons ?? []);
}

/**
 * For the detail: the red warning shown at the top of a suspected message, and a wrapper for its
 * body whose links do nothing until the person says they trust it (a click on a link is what
 * phishing needs).
 */
export function usePhishingGuard(email: Email | null): { alert: ReactNode; guard: (body: ReactNode) => ReactNode } {
  const t = useT();
  const reasons = phishingOf(email);
  // Trust is given to one message: another suspected message opens with its links off again.
  const [trustedId, setTrustedId] = useState<number | null>(null);
  const trusted = email !== null && trustedId === email.id;
  if (!reasons) return { alert: null, guard: (body) => body };
  return {
    alert: (
      <Alert
        type="error"
        showIcon
        title={t('phishing.title')}
        description={
          // The button sits under the text, not beside it: beside it, a phone leaves the text a narrow column.
          <Flex vertical align="flex-start" gap="small">
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {reasonTexts(t, email!).map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
            {trusted ? t('phishing.linksOn') : t('phishing.linksOff')}
            {trusted ? null : (
              <Button size="small" danger onClick={() => setTrustedId(email!.id)}>
                {t('phishing.trust')}
              </Button>
            )}
          </Flex>
        }
      />
    ),
    guard: (body) => (
      <div
        data-testid="phishing-guarded-body"
        aria-disabled={!trusted}
        style={trusted ? undefined : { pointerEvents: 'none' }}
      >
        {body}
      </div>
    ),
  };
}
