import type { ReactNode } from 'react';
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
import type { EmailAccount } from './useEmailIntegrations';

export const CARD_TEXT = {
  active: 'Active',
  inactive: 'Inactive',
  syncNow: 'Sync Now',
  syncing: 'Syncing...',
  syncEnabled: 'Sync enabled',
  settings: 'Settings',
  delete: 'Delete',
  lastSyncFailed: 'Last sync failed',
  never: 'Never',
} as const;

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

export const SYNC_STATE_TEXT: Record<SyncState, string> = {
  on: 'Syncing automatically',
  paused: 'Automatic sync is off',
  inactive: 'Account inactive: not syncing',
};

/** '5 minutes', '1 hour', '90 seconds'. */
export function frequencyText(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`;
  if (seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? '' : 's'}`;
  return `${seconds} seconds`;
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
  const { token } = theme.useToken();
  const syncing = syncPending || account.syncing;
  const state = syncState(account);
  const stateColor = { on: token.colorSuccess, paused: token.colorWarning, inactive: token.colorError }[state];
  const name = account.displayName?.trim() || account.email;
  const lastSync = account.lastSyncAt ? dayjs(account.lastSyncAt) : null;

  const menu = {
    items: [
      { key: 'sync', label: CARD_TEXT.syncNow, icon: <SyncOutlined aria-hidden />, disabled: syncing },
      { key: 'settings', label: CARD_TEXT.settings, icon: <SettingOutlined aria-hidden /> },
      { type: 'divider' as const },
      { key: 'delete', label: CARD_TEXT.delete, icon: <DeleteOutlined aria-hidden />, danger: true },
    ],
    onClick: ({ key }: { key: string }) => (key === 'sync' ? onSync() : key === 'settings' ? onSettings() : onDelete()),
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
            {account.isActive ? CARD_TEXT.active : CARD_TEXT.inactive}
          </Tag>
          <Dropdown menu={menu} trigger={['click']} placement="bottomRight">
            <Button type="text" icon={<MoreOutlined />} aria-label={`Actions for ${account.email}`} />
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
              label: 'Last sync',
              children: lastSync ? (
                <Tooltip title={fullDate(account.lastSyncAt!)}>
                  <span>{lastSync.fromNow()}</span>
                </Tooltip>
              ) : (
                CARD_TEXT.never
              ),
            },
            { key: 'frequency', label: 'Sync every', children: frequencyText(account.syncFrequency) },
            {
              key: 'features',
              label: 'Automation',
              children: (
                <Flex wrap gap={token.marginXXS}>
                  <Tag color={account.autoCategories ? 'processing' : 'default'} style={{ marginInlineEnd: 0 }}>
                    {`Auto-categorise ${account.autoCategories ? 'on' : 'off'}`}
                  </Tag>
                  <Tag color={account.autoRespond ? 'processing' : 'default'} style={{ marginInlineEnd: 0 }}>
                    {`Auto-respond ${account.autoRespond ? 'on' : 'off'}`}
                  </Tag>
                </Flex>
              ),
            },
            ...(account.provider === 'imap' && account.imapHost
              ? [
                  {
                    key: 'server',
                    label: 'Server',
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
            title={CARD_TEXT.lastSyncFailed}
            description={
              <span style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{account.lastSyncError}</span>
            }
          />
        ) : null}
        <Flex justify="space-between" align="center" gap={token.marginSM} wrap>
          <Flex align="center" gap={token.marginXS}>
            <Tooltip title={SYNC_STATE_TEXT[state]}>
              <SyncOutlined
                spin={syncing}
                role="img"
                aria-label={`Sync status: ${SYNC_STATE_TEXT[state]}`}
                data-sync-state={state}
                style={{ color: stateColor, fontSize: token.fontSizeLG }}
              />
            </Tooltip>
            <Switch
              size="small"
              checked={account.syncEnabled}
              loading={togglePending}
              onChange={onToggleSync}
              aria-label={`Sync enabled for ${account.email}`}
            />
            <Typography.Text>{CARD_TEXT.syncEnabled}</Typography.Text>
          </Flex>
          <Flex gap={token.marginXS}>
            <Button icon={<SettingOutlined />} onClick={onSettings} aria-label={`Settings for ${account.email}`} />
            <Button icon={<SyncOutlined spin={syncing} />} disabled={syncing} onClick={onSync}>
              {syncing ? CARD_TEXT.syncing : CARD_TEXT.syncNow}
            </Button>
          </Flex>
        </Flex>
      </Flex>
    </Card>
  );
}
