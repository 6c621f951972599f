import { Tag } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import type { Email } from '@aide/contracts';
import { useT } from '../i18n/actions';
import { snoozeTime } from './useSnooze';

/** A snoozed row's wake time, among its tags. */
export function SnoozedUntil({ email }: { email: Email }) {
  const t = useT();
  if (!email.snoozedUntil) return null;
  return (
    <Tag color="purple" icon={<ClockCircleOutlined aria-hidden />} style={{ marginInlineEnd: 0 }}>
      {t('snooze.until', { time: snoozeTime(email.snoozedUntil) })}
    </Tag>
  );
}
