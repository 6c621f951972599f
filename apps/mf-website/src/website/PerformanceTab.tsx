import { Alert, Badge, Button, Flex, Tooltip, Typography, theme } from 'antd';
import { DownloadOutlined, FileTextOutlined, SyncOutlined } from '@ant-design/icons';
import { WEBSITE_LIMITS, type Website } from '@aide/contracts';
import { Metric } from './AnalyticsTab';
import {
  backupDownloadUrl,
  formatDateTime,
  isRunning,
  lastBackupText,
  ratingColor,
  responseTimeText,
  uptimeRatingOf,
  uptimeText,
} from './websiteView';

export const PERFORMANCE_TEXT = {
  uptime: 'Uptime',
  uptimeHint: `Last ${WEBSITE_LIMITS.uptimeDays} days`,
  notChecked: 'Not checked yet',
  lastBackup: 'Last Backup',
  blogPosts: 'Blog Posts',
  showPosts: (count: number) => `Blog posts (${count})`,
  status: 'Status',
  online: 'Online',
  offline: 'Offline',
  unknown: 'Unknown',
  responseTime: (text: string) => `Response ${text}`,
  checkedAt: (when: string) => `Checked ${when}`,
  backupPending: 'Backup queued…',
  backupRunning: 'Backing up the site’s pages…',
  backupFailed: 'The last backup failed',
  download: 'Download backup',
  downloadHint: (pages: number | null) =>
    pages ? `${pages} ${pages === 1 ? 'page' : 'pages'}, as a stored document` : 'Stored as a document',
} as const;

/** Spec §2 Performance: uptime, last backup or 'Never', blog post count, Online/Offline; the backup's state and download. */
export function PerformanceTab({ site, onShowPosts }: { site: Website; onShowPosts: () => void }) {
  const { token } = theme.useToken();
  const uptimeColor = site.uptime === null ? undefined : ratingColor(uptimeRatingOf(site.uptime), token);
  const { backup } = site;
  const backingUp = isRunning(backup.status);
  const online = site.isOnline;

  const status =
    online === null ? (
      <Badge status="default" text={PERFORMANCE_TEXT.unknown} />
    ) : online ? (
      <Badge status="success" text={PERFORMANCE_TEXT.online} />
    ) : (
      <Badge status="error" text={PERFORMANCE_TEXT.offline} />
    );

  return (
    <Flex vertical gap={token.marginMD}>
      <div className="aide-website-metrics">
        <Metric
          label={PERFORMANCE_TEXT.uptime}
          value={uptimeText(site.uptime)}
          hint={site.uptime === null ? PERFORMANCE_TEXT.notChecked : PERFORMANCE_TEXT.uptimeHint}
          color={uptimeColor}
          testId="uptime"
        />
        <Metric
          label={PERFORMANCE_TEXT.lastBackup}
          value={
            site.lastBackup ? (
              <Tooltip title={formatDateTime(site.lastBackup)}>
                <time dateTime={site.lastBackup}>{lastBackupText(site.lastBackup)}</time>
              </Tooltip>
            ) : (
              lastBackupText(null)
            )
          }
          testId="last-backup"
        />
        <Metric
          label={PERFORMANCE_TEXT.blogPosts}
          value={site.blogPosts}
          hint={
            <Button
              type="link"
              size="small"
              icon={<FileTextOutlined />}
              onClick={onShowPosts}
              style={{ padding: 0, height: 'auto' }}
            >
              {PERFORMANCE_TEXT.showPosts(site.blogPosts)}
            </Button>
          }
          testId="blog-posts"
        />
        <Metric
          label={PERFORMANCE_TEXT.status}
          value={<span data-testid="online-status">{status}</span>}
          hint={
            site.lastCheckedAt ? (
              <span>
                {PERFORMANCE_TEXT.responseTime(responseTimeText(site.responseTimeMs))} ·{' '}
                {PERFORMANCE_TEXT.checkedAt(formatDateTime(site.lastCheckedAt))}
              </span>
            ) : (
              PERFORMANCE_TEXT.notChecked
            )
          }
        />
      </div>

      {backingUp ? (
        <Typography.Text role="status" aria-live="polite" className="aide-website-job">
          <SyncOutlined spin aria-hidden />{' '}
          {backup.status === 'pending' ? PERFORMANCE_TEXT.backupPending : PERFORMANCE_TEXT.backupRunning}
        </Typography.Text>
      ) : null}
      {backup.status === 'failed' ? (
        <Alert type="error" showIcon title={PERFORMANCE_TEXT.backupFailed} description={backup.error ?? undefined} />
      ) : null}
      {backup.documentId !== null ? (
        <Flex wrap align="center" gap={token.marginXS}>
          <Button icon={<DownloadOutlined />} href={backupDownloadUrl(backup.documentId)} download>
            {PERFORMANCE_TEXT.download}
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {PERFORMANCE_TEXT.downloadHint(backup.pages)}
          </Typography.Text>
        </Flex>
      ) : null}
    </Flex>
  );
}
