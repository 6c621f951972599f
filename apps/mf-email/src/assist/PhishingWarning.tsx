import type { Email } from '@aide/contracts';
import { Alert, Button, Flex } from 'antd';
import { type ReactNode, useState } from 'react';
import { useT } from '../i18n/assist';

/** Why the message is suspected of phishing, or null (set by the sync: metadata.phishing). */
export const phishingOf = (email: Email | null): string[] | null => email?.metadata?.phishing?.reasons ?? null;

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
        title={t('phishing.title', { reasons: reasons.join('; ') })}
        description={
          // The button sits under the text, not beside it: beside it, a phone leaves the text a narrow column.
          <Flex vertical align="flex-start" gap="small">
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
