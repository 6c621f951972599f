/** Email's dashboard widgets (see `widgets` in ../module.tsx); loaded only when the dashboard shows them. */
import { theme } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { emailDashboardSchema } from '@aide/contracts';
import { formatNumber } from '@aide/i18n';
import { DashboardStat, useDashboardPart } from '@aide/ui';
import { useT } from '../i18n/dashboard';

export { EmailInsightsCard } from './EmailInsightsCard';

/** The stat strip's 'Unread Emails', with the spec's 'N marked urgent' from the real count (DECISIONS). */
export function UnreadEmailsStat() {
  const t = useT();
  const { token } = theme.useToken();
  const part = useDashboardPart('email', emailDashboardSchema);
  return (
    <DashboardStat
      query={part}
      title={t('unread.title')}
      value={(email) => formatNumber(email.unread)}
      hint={(email) => t('unread.hint', { count: email.urgentUnread })}
      icon={<MailOutlined aria-hidden />}
      accent={token.colorWarning}
    />
  );
}
