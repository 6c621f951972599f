import { Alert, Badge, Button, Flex, Tooltip, Typography, theme } from 'antd';
import { DownloadOutlined, FileTextOutlined, SyncOutlined } from '@ant-design/icons';
import { DOCUMENT_LIMITS, WEBSITE_BACKUPS_KEPT, type Website } from '@aide/contracts';
import { Metric } from './AnalyticsTab';
import {
  backupDownloadUrl,
  formatCount,
  formatDateTime,
  isRunning,
  lastBackupText,
  ratingColor,
  responseTimeText,
  uptimeRatingOf,
  uptimeCoverageText,
  uptimeText,
} from './websiteView';
import { useT } from '../i18n';

/** Spec §2 Performance: uptime, last backup or 'Never', blog post count, Online/Offline; the backup's state and download. */
export function PerformanceTab({ site, onShowPosts }: { site: Website; onShowPosts: () => void }) {
  const { token } = theme.useToken();
  const t = useT();
  const uptimeColor = site.uptime === null ? undefined : ratingColor(uptimeRatingOf(site.uptime), token);
  const { backup } = site;
  const backingUp = isRunning(backup.status);
  const online = site.isOnline;

  const status =
    online === null ? (
      <Badge status="default" text={t('performance.unknown')} />
    ) : online ? (
      <Badge status="success" text={t('performance.online')} />
    ) : (
      <Badge status="error" text={t('performance.offline')} />
    );

  return (
    <Flex vertical gap={token.marginMD}>
      <div className="aide-website-metrics">
        <Metric
          label={t('performance.uptime')}
          value={uptimeText(site.uptime)}
          hint={
            site.uptimeSince ? (
              <Tooltip title={formatDateTime(site.uptimeSince)}>
                <time dateTime={site.uptimeSince} data-testid="uptime-since">
                  {uptimeCoverageText(site)}
                </time>
              </Tooltip>
            ) : (
              uptimeCoverageText(site)
            )
          }
          color={uptimeColor}
          testId="uptime"
        />
        <Metric
          label={t('performance.lastBackup')}
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
          label={t('performance.blogPosts')}
          value={formatCount(site.blogPosts)}
          hint={
            <Button
              type="link"
              size="small"
              icon={<FileTextOutlined />}
              onClick={onShowPosts}
              style={{ padding: 0, height: 'auto' }}
            >
              {t('performance.showPosts', { count: formatCount(site.blogPosts) })}
            </Button>
          }
          testId="blog-posts"
        />
        <Metric
          label={t('performance.status')}
          value={<span data-testid="online-status">{status}</span>}
          hint={
            site.lastCheckedAt ? (
              <span>
                {t('performance.responseTime', { time: responseTimeText(site.responseTimeMs) })} ·{' '}
                {t('performance.checkedAt', { when: formatDateTime(site.lastCheckedAt) })}
              </span>
            ) : (
              t('performance.notChecked')
            )
          }
        />
      </div>

      {backingUp ? (
        <Typography.Text role="status" aria-live="polite" className="aide-website-job">
          <SyncOutlined spin aria-hidden />{' '}
          {backup.status === 'pending' ? t('performance.backupPending') : t('performance.backupRunning')}
        </Typography.Text>
      ) : null}
      {backup.status === 'failed' ? (
        <Alert type="error" showIcon title={t('performance.backupFailed')} description={backup.error ?? undefined} />
      ) : null}
      {backup.documentId !== null ? (
        <Flex wrap align="center" gap={token.marginXS}>
          <Button icon={<DownloadOutlined />} href={backupDownloadUrl(backup.documentId)} download>
            {t('performance.download')}
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {backup.pages ? t('performance.downloadHint', { pages: backup.pages }) : t('performance.storedAsDocument')}
          </Typography.Text>
        </Flex>
      ) : null}
      {/* Issue 30: the rule where a person backs up, before the first backup too. */}
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }} data-testid="backup-rule">
        {t('performance.backupRule', {
          limit: DOCUMENT_LIMITS.freePlanDocuments,
          free: WEBSITE_BACKUPS_KEPT.free,
          paid: WEBSITE_BACKUPS_KEPT.premium,
        })}
      </Typography.Text>
    </Flex>
  );
}
