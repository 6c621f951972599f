import { formatNumber } from '@aide/i18n';
import { useT } from '../i18n/outbox/tab';
import { scheduledOrFailed, useOutbox } from './useOutbox';

/** The Scheduled tab's name, with how many messages wait there (scheduled, or failed). */
export function ScheduledTabLabel() {
  const t = useT();
  const outbox = useOutbox();
  const count = outbox.data ? scheduledOrFailed(outbox.data).length : 0;
  return (
    <span>
      {t('label')}
      {count > 0 ? <span className="aide-email-count">{formatNumber(count)}</span> : null}
    </span>
  );
}
