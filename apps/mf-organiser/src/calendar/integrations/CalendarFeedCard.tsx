import { Alert, Button, Card, Flex, Skeleton, Typography, theme } from 'antd';
import { LinkOutlined, ReloadOutlined } from '@ant-design/icons';
import { errorDetail, isUnauthorizedError } from '@aide/api-client';
import { useHost } from '@aide/module-kit';
import { useConfirm } from '@aide/ui';
import { useCalendarFeed, useRegenerateFeed } from './useCalendarIntegrations';

/** The user's events as an iCalendar subscription URL, for any calendar app; regenerating revokes the old one. */
export function CalendarFeedCard() {
  const { token } = theme.useToken();
  const { toast } = useHost();
  const confirm = useConfirm();
  const feed = useCalendarFeed();
  const regenerate = useRegenerateFeed();

  const onRegenerate = async () => {
    const ok = await confirm({
      title: 'Regenerate the feed URL?',
      content:
        'Calendar apps subscribed to the current URL will stop receiving updates until you subscribe again with the new one.',
      okText: 'Regenerate',
      danger: true,
    });
    if (!ok) return;
    try {
      await regenerate.mutateAsync();
      toast({ title: 'Calendar feed URL regenerated' });
    } catch (error) {
      if (!isUnauthorizedError(error))
        toast({
          title: 'Error',
          description: `Failed to regenerate the feed URL: ${errorDetail(error)}`,
          variant: 'destructive',
        });
    }
  };

  return (
    <Card
      title={
        <Flex align="center" gap={token.marginXS}>
          <LinkOutlined />
          <span>Calendar feed</span>
        </Flex>
      }
      extra={
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void onRegenerate()}
          loading={regenerate.isPending}
          disabled={!feed.data}
        >
          Regenerate
        </Button>
      }
    >
      <Flex vertical gap={token.marginSM}>
        <Typography.Text type="secondary">
          Subscribe to this iCalendar URL in Apple Calendar, Google Calendar or Outlook to see your events there. Keep
          it private: anyone with the link can read your events.
        </Typography.Text>
        {feed.isPending ? (
          <Skeleton.Input active block />
        ) : feed.isError ? (
          <Alert type="error" showIcon title="Failed to load the feed URL" description={errorDetail(feed.error)} />
        ) : (
          <Typography.Paragraph
            copyable={{ text: feed.data.url, tooltips: ['Copy URL', 'Copied'] }}
            code
            aria-label="Calendar feed URL"
            style={{ margin: 0, wordBreak: 'break-all' }}
          >
            {feed.data.url}
          </Typography.Paragraph>
        )}
      </Flex>
    </Card>
  );
}
