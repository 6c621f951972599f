import { useContext, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Flex, Tooltip, Typography, theme } from 'antd';
import { CheckCircleOutlined, DownloadOutlined, FileAddOutlined } from '@ant-design/icons';
import { errorDetail, isUnauthorizedError } from '@aide/api-client';
import { HostContext, type HostApi } from '@aide/module-kit';
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
  const host = useContext(HostContext);
  // Outside the shell (the dialog's own tests, previews) there is no API to save through.
  if (!actionable || !host) return <>{children}</>;
  return (
    <AttachmentWithActions emailId={emailId} index={index} name={name} toast={host.toast}>
      {children}
    </AttachmentWithActions>
  );
}

function AttachmentWithActions({
  emailId,
  index,
  name,
  toast,
  children,
}: Omit<AttachmentActionsProps, 'actionable'> & { toast: HostApi['toast'] }) {
  const t = useT();
  const { token } = theme.useToken();
  const save = useSaveAttachment();
  const [documentId, setDocumentId] = useState<number | null>(null);

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
