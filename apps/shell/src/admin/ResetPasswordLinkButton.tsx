import { useState } from 'react';
import { App, Button, Typography } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { callEndpoint } from '@aide/api-client';
import { accountEndpoints, displayName, type AuthUser } from '@aide/contracts';
import { useConfirm } from '@aide/ui';
import dayjs from 'dayjs';
import { useAdminNotify } from './useAdminNotify';

/**
 * Admin Panel → Users → Reset password: makes a one-use link to set a new password and shows it
 * once, for the admin to hand over (the way back in while the server sends no mail).
 */
export function ResetPasswordLinkButton({ user }: { user: AuthUser }) {
  const { modal } = App.useApp();
  const confirm = useConfirm();
  const notify = useAdminNotify();
  const [creating, setCreating] = useState(false);

  const create = async () => {
    const ok = await confirm({
      title: `Make a password reset link for ${displayName(user)}?`,
      content:
        'Anyone with the link can set a new password for this account, once, within 24 hours. Their sessions end when it is used.',
      okText: 'Make link',
    });
    if (!ok) return;
    setCreating(true);
    try {
      const link = await callEndpoint(accountEndpoints.adminResetLink, { params: { userId: user.id } });
      modal.info({
        title: 'Password reset link',
        width: 560,
        content: (
          <>
            <Typography.Paragraph>
              Give this link to {displayName(user)} in person or over a channel you trust. It is shown only now and
              works once, until {dayjs(link.expiresAt).format('D MMM YYYY, HH:mm')}.
            </Typography.Paragraph>
            <Typography.Paragraph
              code
              copyable={{ text: link.url, tooltips: ['Copy link', 'Copied'] }}
              style={{ wordBreak: 'break-all' }}
            >
              {link.url}
            </Typography.Paragraph>
          </>
        ),
      });
    } catch (error) {
      notify.failure('Failed to make a password reset link', error);
    } finally {
      setCreating(false);
    }
  };

  return (
    <Button
      size="small"
      icon={<KeyOutlined />}
      loading={creating}
      onClick={() => void create()}
      aria-label={`Reset password for ${user.email}`}
    >
      Reset password
    </Button>
  );
}
