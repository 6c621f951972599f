import { useState } from 'react';
import { App, Button, Typography } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { callEndpoint } from '@aide/api-client';
import { accountEndpoints, displayName, type AuthUser } from '@aide/contracts';
import { useConfirm } from '@aide/ui';
import { useT } from '../i18n';
import { formatDayTime } from '../layout/dates';
import { useAdminNotify } from './useAdminNotify';

/**
 * Admin Panel → Users → Reset password: makes a one-use link to set a new password and shows it
 * once, for the admin to hand over (the way back in while the server sends no mail).
 */
export function ResetPasswordLinkButton({ user }: { user: AuthUser }) {
  const t = useT();
  const { modal } = App.useApp();
  const confirm = useConfirm();
  const notify = useAdminNotify();
  const [creating, setCreating] = useState(false);

  const create = async () => {
    const ok = await confirm({
      title: t('admin.reset.confirmTitle', { name: displayName(user) }),
      content: t('admin.reset.confirmContent'),
      okText: t('admin.reset.confirmOk'),
    });
    if (!ok) return;
    setCreating(true);
    try {
      const link = await callEndpoint(accountEndpoints.adminResetLink, { params: { userId: user.id } });
      modal.info({
        title: t('admin.reset.linkTitle'),
        width: 560,
        content: (
          <>
            <Typography.Paragraph>
              {t('admin.reset.linkBody', { name: displayName(user), date: formatDayTime(link.expiresAt) })}
            </Typography.Paragraph>
            <Typography.Paragraph
              code
              copyable={{ text: link.url, tooltips: [t('admin.reset.copyLink'), t('common.copied')] }}
              style={{ wordBreak: 'break-all' }}
            >
              {link.url}
            </Typography.Paragraph>
          </>
        ),
      });
    } catch (error) {
      notify.failure(t('admin.reset.failed'), error);
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
      aria-label={t('admin.reset.buttonFor', { email: user.email })}
    >
      {t('admin.reset.button')}
    </Button>
  );
}
