import { Alert, Button, Card, Flex, Skeleton, Typography, theme } from 'antd';
import { LinkOutlined, ReloadOutlined } from '@ant-design/icons';
import { errorDetail, isUnauthorizedError } from '@aide/api-client';
import { useHost } from '@aide/module-kit';
import { useConfirm } from '@aide/ui';
import { t as translate, useT } from '../../i18n';
import { useCalendarFeed, useRegenerateFeed } from './useCalendarIntegrations';

/** The user's events as an iCalendar subscription URL, for any calendar app; regenerating revokes the old one. */
export function CalendarFeedCard() {
  const { token } = theme.useToken();
  const t = useT();
  const { toast } = useHost();
  const confirm = useConfirm();
  const feed = useCalendarFeed();
  const regenerate = useRegenerateFeed();

  const onRegenerate = async () => {
    const ok = await confirm({
      title: translate('integrations.feed.confirmTitle'),
      content: translate('integrations.feed.confirmText'),
      okText: translate('integrations.feed.regenerate'),
      danger: true,
    });
    if (!ok) return;
    try {
      await regenerate.mutateAsync();
      toast({ title: translate('integrations.feed.regenerated') });
    } catch (error) {
      if (!isUnauthorizedError(error))
        toast({
          title: translate('common.error'),
          description: translate('integrations.feed.regenerateFailed', { detail: errorDetail(error) }),
          variant: 'destructive',
        });
    }
  };

  return (
    <Card
      title={
        <Flex align="center" gap={token.marginXS}>
          <LinkOutlined />
          <span>{t('integrations.feed.title')}</span>
        </Flex>
      }
      extra={
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void onRegenerate()}
          loading={regenerate.isPending}
          disabled={!feed.data}
        >
          {t('integrations.feed.regenerate')}
        </Button>
      }
    >
      <Flex vertical gap={token.marginSM}>
        <Typography.Text type="secondary">{t('integrations.feed.intro')}</Typography.Text>
        {feed.isPending ? (
          <Skeleton.Input active block />
        ) : feed.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('integrations.feed.loadFailed')}
            description={errorDetail(feed.error)}
          />
        ) : (
          <Typography.Paragraph
            copyable={{ text: feed.data.url, tooltips: [t('integrations.feed.copy'), t('integrations.feed.copied')] }}
            code
            aria-label={t('integrations.feed.url')}
            style={{ margin: 0, wordBreak: 'break-all' }}
          >
            {feed.data.url}
          </Typography.Paragraph>
        )}
      </Flex>
    </Card>
  );
}
