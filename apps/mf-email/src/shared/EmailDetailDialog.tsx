import type { ReactNode } from 'react';
import { Alert, Avatar, Button, Descriptions, Divider, Flex, Modal, Tag, Tooltip, Typography, theme } from 'antd';
import {
  EditOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  InboxOutlined,
  PaperClipOutlined,
  RollbackOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import type { Email } from '@aide/contracts';
import { EmailBody } from './EmailBody';
import { EmailTags } from './EmailTags';
import { initials, parseAddress, subjectOf } from './emailText';
import { fromNow, fullDate } from './time';

export const DETAIL_TEXT = {
  markRead: 'Mark as read',
  markUnread: 'Mark as unread',
  editTriage: 'Edit Priority & Category',
  archive: 'Archive',
  unarchive: 'Unarchive',
  reply: 'Reply',
  forward: 'Forward',
  close: 'Close',
} as const;

const formatSize = (bytes: number) => {
  const units = ['Bytes', 'KB', 'MB', 'GB'];
  let size = bytes;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? size : size.toFixed(1)} ${units[unit]}`;
};

export interface EmailDetailActions {
  onToggleRead: () => void;
  onEditTriage: () => void;
  onToggleArchived: () => void;
  onReply: () => void;
  onForward: () => void;
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
}

/** An email in full: sender, recipients, date, tags, attachments and its body (HTML sanitised in a sandboxed frame). */
export function EmailDetailDialog({ open, email, onClose, actions, banner }: EmailDetailDialogProps) {
  const { token } = theme.useToken();
  if (!email) return null;
  const sender = parseAddress(email.from);
  const subject = subjectOf(email);

  const footer = actions ? (
    <Flex wrap justify="space-between" gap={token.marginXS}>
      <Flex wrap gap={token.marginXS}>
        <Button
          icon={email.isRead ? <EyeInvisibleOutlined aria-hidden /> : <EyeOutlined aria-hidden />}
          loading={actions.pending === 'read'}
          onClick={actions.onToggleRead}
          aria-pressed={email.isRead}
        >
          {email.isRead ? DETAIL_TEXT.markUnread : DETAIL_TEXT.markRead}
        </Button>
        <Button icon={<EditOutlined aria-hidden />} onClick={actions.onEditTriage}>
          {DETAIL_TEXT.editTriage}
        </Button>
        <Button
          icon={<InboxOutlined aria-hidden />}
          loading={actions.pending === 'archive'}
          onClick={actions.onToggleArchived}
        >
          {email.isArchived ? DETAIL_TEXT.unarchive : DETAIL_TEXT.archive}
        </Button>
      </Flex>
      <Flex wrap gap={token.marginXS}>
        <Button icon={<ShareAltOutlined aria-hidden />} onClick={actions.onForward}>
          {DETAIL_TEXT.forward}
        </Button>
        <Button type="primary" icon={<RollbackOutlined aria-hidden />} onClick={actions.onReply}>
          {DETAIL_TEXT.reply}
        </Button>
      </Flex>
    </Flex>
  ) : (
    <Button onClick={onClose}>{DETAIL_TEXT.close}</Button>
  );

  const recipients = [
    { key: 'to', label: 'To', children: email.to || '—' },
    ...(email.cc ? [{ key: 'cc', label: 'Cc', children: email.cc }] : []),
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
      <Flex vertical gap={token.marginSM} style={{ marginTop: token.marginSM }}>
        {banner}
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
                  <time
                    dateTime={email.receivedAt}
                  >{`${fullDate(email.receivedAt)} (${fromNow(email.receivedAt)})`}</time>
                </Typography.Text>
              </Tooltip>
            </Flex>
            <Descriptions
              size="small"
              column={1}
              colon={false}
              items={recipients}
              styles={{ label: { width: 32, color: token.colorTextSecondary }, content: { overflowWrap: 'anywhere' } }}
            />
          </Flex>
        </Flex>
        <Flex wrap gap={token.marginXXS} align="center">
          <EmailTags email={email} />
          {!email.isRead ? (
            <Tag color="processing" style={{ marginInlineEnd: 0 }}>
              Unread
            </Tag>
          ) : null}
        </Flex>
        {email.attachments?.length ? (
          <Flex wrap gap={token.marginXS} aria-label="Attachments">
            {email.attachments.map((file, i) => (
              <Tag key={i} icon={<PaperClipOutlined />} style={{ marginInlineEnd: 0 }}>
                {`${file.filename ?? 'Attachment'} · ${formatSize(file.size)}`}
              </Tag>
            ))}
          </Flex>
        ) : null}
        {email.metadata?.status === 'draft' ? (
          <Alert
            type="warning"
            showIcon
            title="Draft"
            description="This message was not delivered and is kept here as a draft."
          />
        ) : null}
        <Divider style={{ margin: `${token.marginXXS}px 0` }} />
        <EmailBody email={email} />
      </Flex>
    </Modal>
  );
}
