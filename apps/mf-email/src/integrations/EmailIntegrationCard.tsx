import { useRef, type ReactNode } from 'react';
import { Alert, Button, Card, Descriptions, Dropdown, Flex, Switch, Tag, Tooltip, Typography, theme } from 'antd';
import {
  CloudServerOutlined,
  DeleteOutlined,
  GoogleOutlined,
  MoreOutlined,
  SettingOutlined,
  SyncOutlined,
  WindowsFilled,
  YahooOutlined,
} from '@ant-design/icons';
import type { EmailProvider } from '@aide/contracts';
import { IconTitle } from '@aide/ui';
import { PROVIDER_LABELS } from '../shared/labels';
import { dayjs, fullDate } from '../shared/time';
import { t, useT } from '../i18n';
import type { EmailAccount } from './useEmailIntegrations';

const PROVIDER_ICONS: Record<EmailProvider, ReactNode> = {
  gmail: <GoogleOutlined />,
  outlook: <WindowsFilled />,
  yahoo: <YahooOutlined />,
  imap: <CloudServerOutlined />,
};

export type SyncState = 'on' | 'paused' | 'inactive';

/** Spec: green when active with sync on, yellow when active with sync off, red when inactive. */
export function syncState(account: Pick<EmailAccount, 'isActive' | 'syncEnabled'>): SyncState {
  if (!account.isActive) return 'inactive';
  return account.syncEnabled ? 'on' : 'paused';
}

/** '5 minutes', '1 hour', '90 seconds' (in the language shown now). */
export function frequencyText(seconds: number): string {
  if (seconds % 3600 === 0) return t('card.hours', { count: seconds / 3600 });
  if (seconds % 60 === 0) return t('card.minutes', { count: seconds / 60 });
  return t('card.seconds', { count: seconds });
}

export interface EmailIntegrationCardProps {
  account: EmailAccount;
  syncPending: boolean;
  togglePending: boolean;
  onSync: () => void;
  onToggleSync: (enabled: boolean) => void;
  onSettings: () => void;
  onDelete: () => void;
}

/** One connected mailbox: who and where, its sync state and last result, and its actions. */
export function EmailIntegrationCard({
  account,
  syncPending,
  togglePending,
  onSync,
  onToggleSync,
  onSettings,
  onDelete,
}: EmailIntegrationCardProps) {
  const t = useT();
  const { token } = theme.useToken();
  const menuButton = useRef<HTMLButtonElement>(null);
  const syncing = syncPending || account.syncing;
  const state = syncState(account);
  const stateColor = { on: token.colorSuccess, paused: token.colorWarning, inactive: token.colorError }[state];
  const name = account.displayName?.trim() || account.email;
  const lastSync = account.lastSyncAt ? dayjs(account.lastSyncAt) : null;

  const menu = {
    items: [
      { key: 'sync', label: t('card.syncNow'), icon: <SyncOutlined aria-hidden />, disabled: syncing },
      { key: 'settings', label: t('card.settings'), icon: <SettingOutlined aria-hidden /> },
      { type: 'divider' as const },
      { key: 'delete', label: t('common.delete'), icon: <DeleteOutlined aria-hidden />, danger: true },
    ],
    onClick: ({ key }: { key: string }) => {
      // The menu closes: focus goes back to its button, so a dialog opened from it returns there.
      menuButton.current?.focus();
      if (key === 'sync') onSync();
      else if (key === 'settings') onSettings();
      else onDelete();
    },
  };

  return (
    <Card
      size="small"
      role="article"
      aria-label={account.email}
      style={{ height: '100%' }}
      title={
        <IconTitle
          icon={PROVIDER_ICONS[account.provider]}
          title={name}
          subtitle={
            name === account.email
              ? PROVIDER_LABELS[account.provider]
              : `${account.email} · ${PROVIDER_LABELS[account.provider]}`
          }
        />
      }
      extra={
        <Flex align="center" gap={token.marginXS}>
          <Tag color={account.isActive ? 'success' : 'error'} style={{ marginInlineEnd: 0 }}>
            {account.isActive ? t('card.active') : t('card.inactive')}
          </Tag>
          <Dropdown menu={menu} trigger={['click']} placement="bottomRight">
            <Button
              ref={menuButton}
              type="text"
              icon={<MoreOutlined aria-hidden />}
              aria-label={t('card.actionsFor', { email: account.email })}
            />
          </Dropdown>
        </Flex>
      }
    >
      <Flex vertical gap={token.marginSM}>
        <Descriptions
          size="small"
          column={1}
          colon={false}
          styles={{ label: { width: 96 } }}
          items={[
            {
              key: 'last',
              label: t('card.lastSync'),
              children: lastSync ? (
                <Tooltip title={fullDate(account.lastSyncAt!)}>
                  <span>{lastSync.fromNow()}</span>
                </Tooltip>
              ) : (
                t('card.never')
              ),
            },
            { key: 'frequency', label: t('card.syncEvery'), children: frequencyText(account.syncFrequency) },
            {
              key: 'features',
              label: t('card.automation'),
              children: (
                <Flex wrap gap={token.marginXXS}>
                  <Tag color={account.autoCategories ? 'processing' : 'default'} style={{ marginInlineEnd: 0 }}>
                    {t('card.autoCategorise', { state: account.autoCategories ? 'on' : 'off' })}
                  </Tag>
                  <Tag color={account.autoRespond ? 'processing' : 'default'} style={{ marginInlineEnd: 0 }}>
                    {t('card.autoRespond', { state: account.autoRespond ? 'on' : 'off' })}
                  </Tag>
                </Flex>
              ),
            },
            ...(account.provider === 'imap' && account.imapHost
              ? [
                  {
                    key: 'server',
                    label: t('card.server'),
                    children: (
                      <Typography.Text
                        style={{ overflowWrap: 'anywhere' }}
                      >{`${account.imapHost}${account.imapPort ? `:${account.imapPort}` : ''}`}</Typography.Text>
                    ),
                  },
                ]
              : []),
          ]}
        />
        {account.lastSyncError ? (
          <Alert
            type="error"
            showIcon
            title={t('card.lastSyncFailed')}
            description={
              <span style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{account.lastSyncError}</span>
            }
          />
        ) : null}
        <Flex justify="space-between" align="center" gap={token.marginSM} wrap>
          <Flex align="center" gap={token.marginXS}>
            <Tooltip title={t(`card.state.${state}`)}>
              <SyncOutlined
                spin={syncing}
                role="img"
                aria-label={t('card.syncStatus', { state: t(`card.state.${state}`) })}
                data-sync-state={state}
                style={{ color: stateColor, fontSize: token.fontSizeLG }}
              />
            </Tooltip>
            <Switch
              size="small"
              checked={account.syncEnabled}
              loading={togglePending}
              onChange={onToggleSync}
              aria-label={t('card.syncEnabledFor', { email: account.email })}
            />
            <Typography.Text>{t('card.syncEnabled')}</Typography.Text>
          </Flex>
          <Flex gap={token.marginXS}>
            <Button
              icon={<SettingOutlined aria-hidden />}
              onClick={onSettings}
              aria-label={t('card.settingsFor', { email: account.email })}
            />
            <Button icon={<SyncOutlined spin={syncing} aria-hidden />} disabled={syncing} onClick={onSync}>
              {syncing ? t('card.syncing') : t('card.syncNow')}
            </Button>
          </Flex>
        </Flex>
      </Flex>
    </Card>
  );
}
