import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Flex, Tooltip, Typography, theme } from 'antd';
import { CheckCircleOutlined, DownloadOutlined, FileAddOutlined } from '@ant-design/icons';
import { errorDetail, isUnauthorizedError } from '@aide/api-client';
import { useHost } from '@aide/module-kit';
import { useT } from '../i18n/attachments';
import { attachmentDownloadUrl, documentHref, useSaveAttachment } from './useEmailAttachments';

export interface AttachmentActionsProps {
  emailId: number;
  /** The attachment's place in the email's list. */
  index: number;
  /** Its name as shown (for the buttons' labels). */
  name: string;
  /** Off for a preview without actions (the /email-test page): only the attachment itself shows. */
  actionable: boolean;
  /** The attachment's tag. */
  children: ReactNode;
}

/**
 * One attachment of the email dialog with what can be done with it: download it from the mail
 * server, or save it to Documents in one click ("Saved to Documents", linking to the document,
 * once it is there; saving it again answers the same document).
 */
export function AttachmentActions({ emailId, index, name, actionable, children }: AttachmentActionsProps) {
  const t = useT();
  const { token } = theme.useToken();
  const { toast } = useHost();
  const save = useSaveAttachment();
  const [documentId, setDocumentId] = useState<number | null>(null);
  if (!actionable) return <>{children}</>;

  const onSave = async () => {
    try {
      const { document } = await save.mutateAsync({ emailId, index });
      setDocumentId(document.id);
      toast({ title: t('saved', { name }) });
    } catch (error) {
      if (!isUnauthorizedError(error))
        toast({ title: t('saveFailed', { name }), description: errorDetail(error), variant: 'destructive' });
    }
  };

  return (
    <Flex align="center" gap={token.marginXXS} wrap>
      {children}
      <Tooltip title={t('download')}>
        <Button
          size="small"
          type="text"
          icon={<DownloadOutlined aria-hidden />}
          href={attachmentDownloadUrl(emailId, index)}
          download={name}
          aria-label={t('downloadLabel', { name })}
        />
      </Tooltip>
      {documentId !== null ? (
        <Link to={documentHref(documentId)} aria-label={t('openSavedLabel', { name })}>
          <Typography.Text type="success">
            <CheckCircleOutlined aria-hidden /> {t('savedLink')}
          </Typography.Text>
        </Link>
      ) : (
        <Button
          size="small"
          icon={<FileAddOutlined aria-hidden />}
          loading={save.isPending}
          onClick={() => void onSave()}
          aria-label={t('saveLabel', { name })}
        >
          {t('save')}
        </Button>
      )}
    </Flex>
  );
}
