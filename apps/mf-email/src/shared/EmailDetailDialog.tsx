import type { ReactNode } from 'react';
import { Alert, Avatar, Button, Descriptions, Divider, Flex, Modal, Tag, Tooltip, Typography, theme } from 'antd';
import {
  DeleteOutlined,
  EditOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  InboxOutlined,
  PaperClipOutlined,
  RollbackOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import type { Email } from '@aide/contracts';
import { formatFileSize } from '@aide/i18n';
import { useT } from '../i18n';
import { useT as useActionsT } from '../i18n/actions';
import { EmailBodyWithPrivacy } from '../newsletters/EmailBodyWithPrivacy';
import { usePhishingGuard } from '../assist/PhishingWarning';
import { EmailTags } from './EmailTags';
import { initials, parseAddress, subjectOf } from './emailText';
import { fromNow, fullDate } from './time';
import { ThreadConversation } from '../threads/ThreadConversation';
import { isConversation } from '../threads/useThreads';
import { AttachmentActions } from '../attachments/AttachmentActions';

export interface EmailDetailActions {
  onToggleRead: () => void;
  onEditTriage: () => void;
  onToggleArchived: () => void;
  /** Bulk actions (issue 24): to the Trash, with Undo; absent (and for a message in the Trash) no button. */
  onDelete?: () => void;
  /** With a text: a suggested reply picked under the message (reply help), filled in to edit. */
  onReply: (text?: string) => void;
  onForward: () => void;
  /** Threads (issue 24): reply to or forward one message of the conversation shown. */
  onReplyTo?: (email: Email) => void;
  onForwardTo?: (email: Email) => void;
  /** Which action is in flight. */
  pending?: 'read' | 'archive' | null;
}

export interface EmailDetailDialogProps {
  open: boolean;
  email: Email | null;
  onClose: () => void;
  /** Absent: a preview (the /email-test page), with nothing to act on. */
  actions?: EmailDetailActions;
  /** Shown above the message, e.g. the classifier's verdict on the test page. */
  banner?: ReactNode;
  /** Shown just above the body: the suggested short replies (reply help). */
  suggestions?: ReactNode;
  /** Shown below the attachments: a meeting invitation, what the message could become and what it became (issue 26). */
  mailActions?: ReactNode;
}

/** An email in full: sender, recipients, date, tags, attachments and its body (HTML sanitised in a sandboxed frame). */
/**
 * The attachments a person would call attachments, each with its place in the message (the index the
 * attachment routes take): not a meeting invitation's unnamed calendar part, which the invitation
 * card shows (issue 26).
 */
function listedAttachments(email: Email) {
  return (email.attachments ?? [])
    .map((file, index) => ({ file, index }))
    .filter(({ file }) => !(file.filename === null && /^text\/calendar\b/i.test(file.contentType)));
}

export function EmailDetailDialog({
  open,
  email,
  onClose,
  actions,
  banner,
  suggestions,
  mailActions,
}: EmailDetailDialogProps) {
  const t = useT();
  const tActions = useActionsT();
  const { token } = theme.useToken();
  const phishing = usePhishingGuard(email);
  if (!email) return null;
  const sender = parseAddress(email.from);
  const subject = subjectOf(email);
  const listed = listedAttachments(email);

  const footer = actions ? (
    <Flex wrap justify="space-between" gap={token.marginXS}>
      <Flex wrap gap={token.marginXS}>
        <Button
          icon={email.isRead ? <EyeInvisibleOutlined aria-hidden /> : <EyeOutlined aria-hidden />}
          loading={actions.pending === 'read'}
          onClick={actions.onToggleRead}
          aria-pressed={email.isRead}
        >
          {email.isRead ? t('detail.markUnread') : t('detail.markRead')}
        </Button>
        <Button icon={<EditOutlined aria-hidden />} onClick={actions.onEditTriage}>
          {t('actions.editTriage')}
        </Button>
        <Button
          icon={<InboxOutlined aria-hidden />}
          loading={actions.pending === 'archive'}
          onClick={actions.onToggleArchived}
        >
          {email.isArchived ? t('actions.unarchive') : t('actions.archive')}
        </Button>
        {actions.onDelete && !email.isTrashed ? (
          // An icon (as in mail apps), so the footer stays one row at the dialog's width.
          <Tooltip title={tActions('action.delete')}>
            <Button
              icon={<DeleteOutlined aria-hidden />}
              aria-label={tActions('action.delete')}
              onClick={actions.onDelete}
            />
          </Tooltip>
        ) : null}
      </Flex>
      <Flex wrap gap={token.marginXS}>
        <Button icon={<ShareAltOutlined aria-hidden />} onClick={actions.onForward}>
          {t('detail.forward')}
        </Button>
        <Button type="primary" icon={<RollbackOutlined aria-hidden />} onClick={() => actions.onReply()}>
          {t('detail.reply')}
        </Button>
      </Flex>
    </Flex>
  ) : (
    <Button onClick={onClose}>{t('detail.close')}</Button>
  );

  const recipients = [
    { key: 'to', label: t('common.to'), children: email.to || '—' },
    ...(email.cc ? [{ key: 'cc', label: t('detail.cc'), children: email.cc }] : []),
  ];

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={
        <Typography.Title
          level={2}
          style={{
            margin: 0,
            paddingInlineEnd: token.paddingLG,
            fontSize: token.fontSizeHeading4,
            lineHeight: token.lineHeightHeading4,
            overflowWrap: 'anywhere',
          }}
        >
          {subject}
        </Typography.Title>
      }
      footer={footer}
      width={{ xs: '100%', sm: '92%', md: 760, lg: 820 }}
      centered
      destroyOnHidden
    >
      {/* Threads (issue 24): a conversation row opens all its messages. */}
      {isConversation(email) && email.threadId !== undefined ? (
        <div style={{ marginTop: token.marginSM }}>
          <ThreadConversation threadId={email.threadId} onReply={actions?.onReplyTo} onForward={actions?.onForwardTo} />
        </div>
      ) : (
        <Flex vertical gap={token.marginSM} style={{ marginTop: token.marginSM }}>
          {banner}
          {phishing.alert}
          <Flex gap={token.marginSM} align="flex-start">
            <Avatar size="large" style={{ flex: 'none', background: token.colorPrimary }} aria-hidden>
              {initials(sender.name)}
            </Avatar>
            <Flex vertical style={{ flex: 1, minWidth: 0 }}>
              <Flex wrap justify="space-between" gap={token.marginXS}>
                <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                  {sender.name}
                  {sender.address && sender.address !== sender.name ? (
                    <Typography.Text
                      type="secondary"
                      style={{ fontWeight: 'normal' }}
                    >{` <${sender.address}>`}</Typography.Text>
                  ) : null}
                </Typography.Text>
                <Tooltip title={fullDate(email.receivedAt)}>
                  <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                    <time dateTime={email.receivedAt}>
                      {t('detail.received', { date: fullDate(email.receivedAt), relative: fromNow(email.receivedAt) })}
                    </time>
                  </Typography.Text>
                </Tooltip>
              </Flex>
              <Descriptions
                size="small"
                column={1}
                colon={false}
                items={recipients}
                styles={{
                  label: { minWidth: 32, whiteSpace: 'nowrap', color: token.colorTextSecondary },
                  content: { overflowWrap: 'anywhere' },
                }}
              />
            </Flex>
          </Flex>
          <Flex wrap gap={token.marginXXS} align="center">
            <EmailTags email={email} />
            {!email.isRead ? (
              <Tag color="processing" style={{ marginInlineEnd: 0 }}>
                {t('detail.unread')}
              </Tag>
            ) : null}
          </Flex>
          {listed.length ? (
            <Flex wrap gap={token.marginXS} role="group" aria-label={t('detail.attachments', { count: listed.length })}>
              {listed.map(({ file, index: i }) => (
                <AttachmentActions
                  key={i}
                  emailId={email.id}
                  index={i}
                  name={file.filename ?? t('detail.attachmentUnnamed')}
                  actionable={!!actions}
                >
                  <Tag icon={<PaperClipOutlined aria-hidden />} style={{ marginInlineEnd: 0 }}>
                    {t('detail.attachment', {
                      name: file.filename ?? t('detail.attachmentUnnamed'),
                      size: formatFileSize(file.size),
                    })}
                  </Tag>
                </AttachmentActions>
              ))}
            </Flex>
          ) : null}
          {email.metadata?.status === 'draft' ? (
            <Alert type="warning" showIcon title={t('detail.draftTitle')} description={t('detail.draftText')} />
          ) : null}
          {mailActions}
          {suggestions}
          <Divider style={{ margin: `${token.marginXXS}px 0` }} />
          {/* Privacy (issue 24): remote images hidden until allowed, per message or per sender. */}
          {phishing.guard(<EmailBodyWithPrivacy email={email} />)}
        </Flex>
      )}
    </Modal>
  );
}
