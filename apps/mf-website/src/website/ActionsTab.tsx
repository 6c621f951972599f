import { Alert, Button, Flex, Typography, theme } from 'antd';
import {
  BarChartOutlined,
  CloudUploadOutlined,
  DeleteOutlined,
  SafetyOutlined,
  SettingOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import type { Website } from '@aide/contracts';
import { CheckList } from './CheckList';
import { formatDateTime, isRunning } from './websiteView';
import { useT } from '../i18n';

export type SiteAction = 'settings' | 'backup' | 'analytics' | 'security' | 'remove';

/** Spec §2 Actions (DECISIONS: Settings edits, Backup backs up, Analytics opens that tab, Security runs a check); Remove. */
export function ActionsTab({
  site,
  busy,
  onAction,
}: {
  site: Website;
  busy: boolean;
  onAction: (action: SiteAction) => void;
}) {
  const { token } = theme.useToken();
  const t = useT();
  const backingUp = isRunning(site.backup.status);
  const { security } = site;
  const checking = isRunning(security.status);
  const passed = security.checks.filter((check) => check.passed).length;

  return (
    <Flex vertical gap={token.marginMD}>
      <Flex wrap gap={token.marginXS} className="aide-website-actions">
        <Button icon={<SettingOutlined />} disabled={busy} onClick={() => onAction('settings')}>
          {t('actions.settings')}
        </Button>
        <Button
          icon={<CloudUploadOutlined />}
          disabled={busy && !backingUp}
          loading={backingUp}
          onClick={() => onAction('backup')}
          title={t('actions.backupHint')}
        >
          {t('actions.backup')}
        </Button>
        <Button icon={<BarChartOutlined />} onClick={() => onAction('analytics')}>
          {t('actions.analytics')}
        </Button>
        <Button
          icon={<SafetyOutlined />}
          disabled={busy && !checking}
          loading={checking}
          onClick={() => onAction('security')}
        >
          {t('actions.security')}
        </Button>
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={busy}
          onClick={() => onAction('remove')}
          style={{ marginInlineStart: 'auto' }}
        >
          {t('actions.remove')}
        </Button>
      </Flex>

      <section aria-label={t('actions.securityTitle')}>
        <Flex vertical gap={token.marginXS}>
          <Flex wrap justify="space-between" gap={token.marginXS}>
            <Typography.Title level={3} style={{ fontSize: token.fontSize, margin: 0 }}>
              {t('actions.securityTitle')}
            </Typography.Title>
            {security.checkedAt ? (
              <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                {security.checks.length
                  ? `${t('actions.securitySummary', { passed, total: security.checks.length })} · `
                  : ''}
                {t('actions.securityAt', { when: formatDateTime(security.checkedAt) })}
              </Typography.Text>
            ) : null}
          </Flex>
          {checking ? (
            <Typography.Text role="status" aria-live="polite">
              <SyncOutlined spin aria-hidden />{' '}
              {security.status === 'pending' ? t('actions.securityPending') : t('actions.securityRunning')}
            </Typography.Text>
          ) : null}
          {security.status === 'failed' ? (
            <Alert
              type="error"
              showIcon
              title={t('actions.securityFailed')}
              description={security.error ?? undefined}
            />
          ) : null}
          {security.checks.length ? (
            <CheckList title={t('actions.results')} kind="security" checks={security.checks} />
          ) : !checking && security.status !== 'failed' ? (
            <Typography.Text type="secondary">{t('actions.securityNever')}</Typography.Text>
          ) : null}
        </Flex>
      </section>
    </Flex>
  );
}
