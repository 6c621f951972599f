import { Alert, Button, Card, Descriptions, Dropdown, Flex, Switch, Tag, Tooltip, Typography, theme } from 'antd';
import { DeleteOutlined, MoreOutlined, SyncOutlined } from '@ant-design/icons';
import type { CalendarIntegration } from '@aide/contracts';
import { dayjs } from '../../shared/time';
import { PROVIDER_ICONS, PROVIDER_LABELS, SYNC_DIRECTION_LABELS } from './integrationLabels';
import { IconTitle } from '@aide/ui';

export interface IntegrationCardProps {
  integration: CalendarIntegration;
  /** This card's sync request is in flight. */
  syncPending: boolean;
  togglePending: boolean;
  onSync: () => void;
  onToggle: (enabled: boolean) => void;
  onRemove: () => void;
}

/** One connected calendar: who and where, its sync state, and its actions. */
export function IntegrationCard({
  integration,
  syncPending,
  togglePending,
  onSync,
  onToggle,
  onRemove,
}: IntegrationCardProps) {
  const { token } = theme.useToken();
  const syncing = syncPending || integration.syncing;
  const lastSync = integration.lastSyncAt ? dayjs(integration.lastSyncAt) : null;

  const menu = {
    items: [
      { key: 'sync', label: 'Sync Now', icon: <SyncOutlined />, disabled: syncing },
      { type: 'divider' as const },
      { key: 'remove', label: 'Remove', icon: <DeleteOutlined />, danger: true },
    ],
    onClick: ({ key }: { key: string }) => (key === 'sync' ? onSync() : onRemove()),
  };

  return (
    <Card
      size="small"
      role="article"
      aria-label={integration.calendarName}
      title={
        <IconTitle
          icon={PROVIDER_ICONS[integration.provider]}
          title={integration.calendarName}
          subtitle={PROVIDER_LABELS[integration.provider]}
        />
      }
      extra={
        <Flex align="center" gap={token.marginXS}>
          {/* Spec §4: Active when syncEnabled. */}
          <Tag color={integration.syncEnabled ? 'success' : 'default'} style={{ marginInlineEnd: 0 }}>
            {integration.syncEnabled ? 'Active' : 'Inactive'}
          </Tag>
          <Dropdown menu={menu} trigger={['click']} placement="bottomRight">
            <Button type="text" icon={<MoreOutlined />} aria-label={`Actions for ${integration.calendarName}`} />
          </Dropdown>
        </Flex>
      }
    >
      <Flex vertical gap={token.marginSM}>
        <Descriptions
          size="small"
          column={1}
          colon={false}
          styles={{ label: { width: 112 } }}
          items={[
            {
              key: 'last',
              label: 'Last sync',
              children: lastSync ? (
                <Tooltip title={lastSync.format('dddd, MMMM D, YYYY HH:mm')}>
                  <span>
                    {lastSync.fromNow()}
                    <Typography.Text type="secondary"> · {lastSync.format('MMM D, YYYY HH:mm')}</Typography.Text>
                  </span>
                </Tooltip>
              ) : (
                'Never'
              ),
            },
            { key: 'direction', label: 'Sync direction', children: SYNC_DIRECTION_LABELS[integration.syncDirection] },
          ]}
        />
        {integration.lastSyncError ? (
          <Alert type="error" showIcon title="Last sync failed" description={integration.lastSyncError} />
        ) : null}
        <Flex justify="space-between" align="center" gap={token.marginSM} wrap>
          <Flex align="center" gap={token.marginXS}>
            <Switch
              checked={integration.syncEnabled}
              loading={togglePending}
              onChange={onToggle}
              aria-label={`Auto-sync ${integration.calendarName}`}
              size="small"
            />
            <Typography.Text>Auto-sync</Typography.Text>
          </Flex>
          <Button icon={<SyncOutlined spin={syncing} />} disabled={syncing} onClick={onSync}>
            {syncing ? 'Syncing...' : 'Sync Now'}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
