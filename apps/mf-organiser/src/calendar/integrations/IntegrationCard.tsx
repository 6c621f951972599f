import { Alert, Button, Card, Descriptions, Dropdown, Flex, Switch, Tag, Tooltip, Typography, theme } from 'antd';
import { DeleteOutlined, MoreOutlined, SyncOutlined } from '@ant-design/icons';
import type { CalendarIntegration } from '@aide/contracts';
import { dayjs } from '../../shared/time';
import { PROVIDER_ICONS, PROVIDER_LABELS, SYNC_DIRECTION_LABELS } from './integrationLabels';
import { IconTitle } from '@aide/ui';
import { useT } from '../../i18n';
import { DATE_TIME, formatLocalInstant } from '../../shared/time';

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
  const t = useT();
  const syncing = syncPending || integration.syncing;
  const lastSyncAt = integration.lastSyncAt;

  const menu = {
    items: [
      { key: 'sync', label: t('integrations.card.syncNow'), icon: <SyncOutlined />, disabled: syncing },
      { type: 'divider' as const },
      { key: 'remove', label: t('integrations.remove'), icon: <DeleteOutlined />, danger: true },
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
            {t(integration.syncEnabled ? 'integrations.card.active' : 'integrations.card.inactive')}
          </Tag>
          <Dropdown menu={menu} trigger={['click']} placement="bottomRight">
            <Button
              type="text"
              icon={<MoreOutlined />}
              aria-label={t('integrations.card.actions', { name: integration.calendarName })}
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
          styles={{ label: { width: 112 } }}
          items={[
            {
              key: 'last',
              label: t('integrations.card.lastSync'),
              children: lastSyncAt ? (
                <Tooltip
                  title={formatLocalInstant(lastSyncAt, 'dddd, MMMM D, YYYY HH:mm', {
                    ...DATE_TIME,
                    weekday: 'long',
                    month: 'long',
                  })}
                >
                  <span>
                    {dayjs(lastSyncAt).fromNow()}
                    <Typography.Text type="secondary">
                      {' '}
                      · {formatLocalInstant(lastSyncAt, 'MMM D, YYYY HH:mm', DATE_TIME)}
                    </Typography.Text>
                  </span>
                </Tooltip>
              ) : (
                t('integrations.card.never')
              ),
            },
            {
              key: 'direction',
              label: t('integrations.card.syncDirection'),
              children: SYNC_DIRECTION_LABELS[integration.syncDirection],
            },
          ]}
        />
        {integration.lastSyncError ? (
          <Alert
            type="error"
            showIcon
            title={t('integrations.card.lastSyncFailed')}
            description={integration.lastSyncError}
          />
        ) : null}
        <Flex justify="space-between" align="center" gap={token.marginSM} wrap>
          <Flex align="center" gap={token.marginXS}>
            <Switch
              checked={integration.syncEnabled}
              loading={togglePending}
              onChange={onToggle}
              aria-label={t('integrations.card.autoSyncName', { name: integration.calendarName })}
              size="small"
            />
            <Typography.Text>{t('integrations.card.autoSync')}</Typography.Text>
          </Flex>
          <Button icon={<SyncOutlined spin={syncing} />} disabled={syncing} onClick={onSync}>
            {t(syncing ? 'integrations.card.syncing' : 'integrations.card.syncNow')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
