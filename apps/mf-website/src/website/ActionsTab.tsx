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

export const ACTIONS_TEXT = {
  settings: 'Settings',
  backup: 'Backup',
  analytics: 'Analytics',
  security: 'Security',
  remove: 'Remove website',
  backupHint: 'Stores a snapshot of the site’s pages as a document you can download.',
  securityTitle: 'Security check',
  securityNever:
    'No security check yet: Security checks HTTPS, its certificate, redirects and the security headers the site sends.',
  securityPending: 'The security check is queued…',
  securityRunning: 'Checking the site’s security…',
  securityFailed: 'The security check failed',
  securityAt: (when: string) => `Checked ${when}`,
  securitySummary: (passed: number, total: number) => `${passed} of ${total} checks passed`,
  results: 'Security checks',
} as const;

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
  const backingUp = isRunning(site.backup.status);
  const { security } = site;
  const checking = isRunning(security.status);
  const passed = security.checks.filter((check) => check.passed).length;

  return (
    <Flex vertical gap={token.marginMD}>
      <Flex wrap gap={token.marginXS} className="aide-website-actions">
        <Button icon={<SettingOutlined />} disabled={busy} onClick={() => onAction('settings')}>
          {ACTIONS_TEXT.settings}
        </Button>
        <Button
          icon={<CloudUploadOutlined />}
          disabled={busy && !backingUp}
          loading={backingUp}
          onClick={() => onAction('backup')}
          title={ACTIONS_TEXT.backupHint}
        >
          {ACTIONS_TEXT.backup}
        </Button>
        <Button icon={<BarChartOutlined />} onClick={() => onAction('analytics')}>
          {ACTIONS_TEXT.analytics}
        </Button>
        <Button
          icon={<SafetyOutlined />}
          disabled={busy && !checking}
          loading={checking}
          onClick={() => onAction('security')}
        >
          {ACTIONS_TEXT.security}
        </Button>
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={busy}
          onClick={() => onAction('remove')}
          style={{ marginInlineStart: 'auto' }}
        >
          {ACTIONS_TEXT.remove}
        </Button>
      </Flex>

      <section aria-label={ACTIONS_TEXT.securityTitle}>
        <Flex vertical gap={token.marginXS}>
          <Flex wrap justify="space-between" gap={token.marginXS}>
            <Typography.Title level={3} style={{ fontSize: token.fontSize, margin: 0 }}>
              {ACTIONS_TEXT.securityTitle}
            </Typography.Title>
            {security.checkedAt ? (
              <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                {security.checks.length ? `${ACTIONS_TEXT.securitySummary(passed, security.checks.length)} · ` : ''}
                {ACTIONS_TEXT.securityAt(formatDateTime(security.checkedAt))}
              </Typography.Text>
            ) : null}
          </Flex>
          {checking ? (
            <Typography.Text role="status" aria-live="polite">
              <SyncOutlined spin aria-hidden />{' '}
              {security.status === 'pending' ? ACTIONS_TEXT.securityPending : ACTIONS_TEXT.securityRunning}
            </Typography.Text>
          ) : null}
          {security.status === 'failed' ? (
            <Alert
              type="error"
              showIcon
              title={ACTIONS_TEXT.securityFailed}
              description={security.error ?? undefined}
            />
          ) : null}
          {security.checks.length ? (
            <CheckList title={ACTIONS_TEXT.results} checks={security.checks} />
          ) : !checking && security.status !== 'failed' ? (
            <Typography.Text type="secondary">{ACTIONS_TEXT.securityNever}</Typography.Text>
          ) : null}
        </Flex>
      </section>
    </Flex>
  );
}
