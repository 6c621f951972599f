import { Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useT } from '../i18n/from-email';

/** Where an activity or expense came from: its confirmation email, opened in Email. */
export function FromEmailLink({ emailId }: { emailId: number }) {
  const t = useT();
  return (
    <Typography.Link
      href={`/email?open=${emailId}`}
      title={t('label')}
      className="aide-travel-from-email"
      data-testid="travel-from-email"
    >
      <MailOutlined aria-hidden /> {t('link')}
    </Typography.Link>
  );
}
