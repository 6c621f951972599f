import type { Email } from '@aide/contracts';
import { WarningOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useT } from '../i18n/assist';
import { phishingOf } from './PhishingWarning';

/** A red tag on a suspected message, in the list row and the detail. */
export function PhishingTag({ email }: { email: Email }) {
  const t = useT();
  if (!phishingOf(email)) return null;
  return (
    <Tag color="error" icon={<WarningOutlined aria-hidden />} style={{ marginInlineEnd: 0 }}>
      {t('phishing.tag')}
    </Tag>
  );
}
