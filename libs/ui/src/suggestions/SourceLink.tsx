import { Alert, Button, Flex } from 'antd';
import { FileTextOutlined, MailOutlined } from '@ant-design/icons';
import { useHost } from '@aide/module-kit';
import { useT } from '../i18n';

/** Where a source opens: the Email screen with the message, the Documents screen with the document. */
export const emailHref = (emailId: number) => `/email?open=${emailId}`;
export const documentHref = (documentId: number) => `/documents?open=${documentId}`;

export interface SourceLinkProps {
  /** The message the row was made from (an event, a task, a document), if any. */
  sourceEmailId?: number | null;
  /** The document it was made from (a task from a bill), if any. */
  sourceDocumentId?: number | null;
  /** Called before leaving for the other screen (to close the dialog it is in). */
  onNavigate?: () => void;
}

/**
 * The link back from what a message or a document became (issue 26): "Made from an email · Open
 * the email". Renders nothing for a row made by hand.
 */
export function SourceLink({ sourceEmailId, sourceDocumentId, onNavigate }: SourceLinkProps) {
  const t = useT();
  const { navigate } = useHost();
  const links = [
    sourceEmailId
      ? {
          key: 'email',
          icon: <MailOutlined />,
          text: t('source.email'),
          open: t('source.openEmail'),
          href: emailHref(sourceEmailId),
        }
      : null,
    sourceDocumentId
      ? {
          key: 'document',
          icon: <FileTextOutlined />,
          text: t('source.document'),
          open: t('source.openDocument'),
          href: documentHref(sourceDocumentId),
        }
      : null,
  ].filter((link) => link !== null);
  if (links.length === 0) return null;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }}>
      {links.map((link) => (
        <Alert
          key={link.key}
          type="info"
          showIcon
          icon={link.icon}
          title={link.text}
          action={
            <Button
              size="small"
              onClick={() => {
                onNavigate?.();
                navigate(link.href);
              }}
            >
              {link.open}
            </Button>
          }
        />
      ))}
    </Flex>
  );
}
