/** Email's dashboard widgets (see `widgets` in ../module.tsx); loaded only when the dashboard shows them. */
import { theme } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { emailDashboardSchema } from '@aide/contracts';
import { DashboardStat, useDashboardPart } from '@aide/ui';

export { EmailInsightsCard } from './EmailInsightsCard';

/** The stat strip's 'Unread Emails', with the spec's 'N marked urgent' from the real count (DECISIONS). */
export function UnreadEmailsStat() {
  const { token } = theme.useToken();
  const part = useDashboardPart('email', emailDashboardSchema);
  return (
    <DashboardStat
      query={part}
      title="Unread Emails"
      value={(email) => email.unread}
      hint={(email) => `${email.urgentUnread} marked urgent`}
      icon={<MailOutlined />}
      accent={token.colorWarning}
    />
  );
}
