import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Flex, Typography, theme } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { endpointQuery } from '@aide/api-client';
import { type Document, emailAttachmentsEndpoints } from '@aide/contracts';
import { useT } from '../i18n/source-email';

/**
 * "From an email: <subject>" for a document saved from a message's attachment (issue 26), linking
 * to the message in Email. Nothing for a document that came from no email, or whose email is gone.
 */
export function SourceEmailLink({ doc }: { doc: Pick<Document, 'id' | 'sourceEmailId'> }) {
  const t = useT();
  const { token } = theme.useToken();
  const hasSource = doc.sourceEmailId != null;
  const source = useQuery({
    ...endpointQuery(emailAttachmentsEndpoints.sourceEmail, { params: { id: doc.id } }),
    enabled: hasSource,
  });
  const email = source.data;
  if (!hasSource || !email) return null;
  return (
    <Flex gap={token.marginXS} align="baseline" style={{ minWidth: 0 }}>
      <MailOutlined aria-hidden style={{ color: token.colorTextSecondary }} />
      <Typography.Text style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {t('fromEmail')} <Link to={`/email?open=${email.id}`}>{email.subject || t('noSubject')}</Link>
      </Typography.Text>
    </Flex>
  );
}
