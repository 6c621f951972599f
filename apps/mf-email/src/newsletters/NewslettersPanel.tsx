import { Alert, Avatar, Button, Card, Divider, Flex, Skeleton, Switch, Tag, Tooltip, Typography, theme } from 'antd';
import { CheckCircleOutlined, DeleteOutlined, InboxOutlined, StopOutlined } from '@ant-design/icons';
import { errorDetail, isUnauthorizedError } from '@aide/api-client';
import type { NewsletterSender, SenderRule } from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { EmptyState } from '@aide/ui';
import { useT } from '../i18n/newsletters';
import { initials } from '../shared/emailText';
import { fromNow, fullDate } from '../shared/time';
import {
  useArchiveAllFromSender,
  useCreateSenderRule,
  useDeleteSenderRule,
  useNewsletterSenders,
  useSenderRules,
  useUnsubscribe,
} from './useNewsletters';

/** A failed action's toast: the server's readable message (e.g. the endpoint refused). */
function useFailureToast() {
  const { toast } = useHost();
  return (error: unknown, title: string) => {
    if (!isUnauthorizedError(error)) toast({ title, description: errorDetail(error), variant: 'destructive' });
  };
}

function SenderRow({ sender, archiving }: { sender: NewsletterSender; archiving: SenderRule | undefined }) {
  const t = useT();
  const { token } = theme.useToken();
  const { toast } = useHost();
  const failed = useFailureToast();
  const unsubscribe = useUnsubscribe();
  const archiveAll = useArchiveAllFromSender();
  const createRule = useCreateSenderRule();
  const deleteRule = useDeleteSenderRule();

  const onUnsubscribe = async () => {
    // A page to open must open in the click's own turn, or the browser blocks the new tab: it is
    // opened empty now and pointed at the page once the API names it.
    const tab = sender.unsubscribe === 'link' ? window.open('', '_blank') : null;
    try {
      const result = await unsubscribe.mutateAsync(sender.sender);
      if (result.method === 'link' && result.url) {
        if (tab) {
          tab.opener = null;
          tab.location.href = result.url;
        } else window.open(result.url, '_blank', 'noopener,noreferrer');
        toast({ title: t('toast.link', { sender: sender.name }) });
      } else
        toast({ title: t(result.method === 'mailto' ? 'toast.mailto' : 'toast.oneClick', { sender: sender.name }) });
    } catch (error) {
      tab?.close();
      failed(error, t('unsubscribeLabel', { sender: sender.name }));
    }
  };
  const onArchiveAll = async () => {
    try {
      const { archived } = await archiveAll.mutateAsync(sender.sender);
      toast({ title: t('toast.archived', { count: archived }) });
    } catch (error) {
      failed(error, t('archiveAllLabel', { sender: sender.name }));
    }
  };
  const onKeepArchiving = async (on: boolean) => {
    try {
      if (on) await createRule.mutateAsync({ sender: sender.sender, kind: 'archive' });
      else if (archiving) await deleteRule.mutateAsync(archiving.id);
      toast({ title: t(on ? 'toast.keepArchiving' : 'toast.stopArchiving', { sender: sender.name }) });
    } catch (error) {
      failed(error, t('keepArchiving'));
    }
  };

  const unsubscribeButton = (
    <Button
      size="small"
      icon={<StopOutlined aria-hidden />}
      disabled={sender.unsubscribe === null}
      loading={unsubscribe.isPending}
      aria-label={t('unsubscribeLabel', { sender: sender.name })}
      onClick={() => void onUnsubscribe()}
    >
      {t('unsubscribe')}
    </Button>
  );

  return (
    <Flex
      role="listitem"
      aria-label={sender.name}
      wrap
      gap={token.marginSM}
      align="center"
      justify="space-between"
      style={{ padding: `${token.paddingSM}px ${token.padding}px`, borderTop: `1px solid ${token.colorSplit}` }}
    >
      <Flex gap={token.marginSM} align="flex-start" style={{ minWidth: 0, flex: '1 1 260px' }}>
        <Avatar style={{ flex: 'none', background: token.colorPrimaryBg, color: token.colorPrimary }}>
          {initials(sender.name)}
        </Avatar>
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Flex wrap gap={token.marginXS} align="center">
            <Typography.Text strong ellipsis={{ tooltip: sender.name }} style={{ maxWidth: 260 }}>
              {sender.name}
            </Typography.Text>
            {sender.unread > 0 ? (
              <Tag color="processing" style={{ marginInlineEnd: 0 }}>
                {t('unread', { count: sender.unread })}
              </Tag>
            ) : null}
            {sender.unsubscribedAt ? (
              <Tag icon={<CheckCircleOutlined aria-hidden />} color="success" style={{ marginInlineEnd: 0 }}>
                {t('unsubscribedTag')}
              </Tag>
            ) : null}
            {archiving ? (
              <Tag icon={<InboxOutlined aria-hidden />} style={{ marginInlineEnd: 0 }}>
                {t('archivingTag')}
              </Tag>
            ) : null}
          </Flex>
          <Typography.Text type="secondary" ellipsis style={{ fontSize: token.fontSizeSM }}>
            {sender.sender}
          </Typography.Text>
          <Flex wrap align="center" style={{ fontSize: token.fontSizeSM }}>
            <Typography.Text type="secondary">{t('count', { count: sender.count })}</Typography.Text>
            <Divider type="vertical" />
            <Tooltip title={fullDate(sender.lastReceivedAt)}>
              <Typography.Text type="secondary">
                {t('lastReceived', { when: fromNow(sender.lastReceivedAt) })}
              </Typography.Text>
            </Tooltip>
          </Flex>
        </Flex>
      </Flex>
      <Flex wrap gap={token.marginXS} align="center" justify="flex-end" style={{ flex: '0 1 auto' }}>
        {sender.unsubscribe === null ? (
          <Tooltip title={t('unsubscribeNone')}>
            <span>{unsubscribeButton}</span>
          </Tooltip>
        ) : (
          unsubscribeButton
        )}
        <Button
          size="small"
          icon={<InboxOutlined aria-hidden />}
          disabled={sender.inInbox === 0}
          loading={archiveAll.isPending}
          aria-label={t('archiveAllLabel', { sender: sender.name })}
          onClick={() => void onArchiveAll()}
        >
          {t('archiveAll')}
        </Button>
        <Tooltip title={t('keepArchivingHint')}>
          <Flex gap={token.marginXXS} align="center" component="label">
            <Switch
              size="small"
              checked={Boolean(archiving)}
              loading={createRule.isPending || deleteRule.isPending}
              aria-label={t('keepArchivingLabel', { sender: sender.name })}
              onChange={(on) => void onKeepArchiving(on)}
            />
            <Typography.Text style={{ fontSize: token.fontSizeSM }}>{t('keepArchiving')}</Typography.Text>
          </Flex>
        </Tooltip>
      </Flex>
    </Flex>
  );
}

function RulesCard({ rules }: { rules: SenderRule[] }) {
  const t = useT();
  const { token } = theme.useToken();
  const { toast } = useHost();
  const failed = useFailureToast();
  const remove = useDeleteSenderRule();
  const onRemove = async (rule: SenderRule) => {
    try {
      await remove.mutateAsync(rule.id);
      toast({ title: t('rules.removed') });
    } catch (error) {
      failed(error, t('rules.removeLabel', { sender: rule.sender }));
    }
  };
  return (
    <Card size="small" title={t('rules.title')}>
      {rules.length === 0 ? (
        <Typography.Text type="secondary">{t('rules.empty')}</Typography.Text>
      ) : (
        <Flex vertical role="list" aria-label={t('rules.title')}>
          {rules.map((rule, i) => (
            <Flex
              key={rule.id}
              role="listitem"
              wrap
              gap={token.marginXS}
              align="center"
              justify="space-between"
              style={{
                padding: `${token.paddingXS}px 0`,
                borderTop: i === 0 ? undefined : `1px solid ${token.colorSplit}`,
              }}
            >
              <Flex wrap gap={token.marginXS} align="center" style={{ minWidth: 0 }}>
                <Typography.Text ellipsis={{ tooltip: rule.sender }} style={{ maxWidth: 280 }}>
                  {rule.sender}
                </Typography.Text>
                <Tag style={{ marginInlineEnd: 0 }}>
                  {t(rule.kind === 'archive' ? 'rules.archive' : 'rules.remoteContent')}
                </Tag>
              </Flex>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('rules.removeLabel', { sender: rule.sender })}
                onClick={() => void onRemove(rule)}
              >
                {t('rules.remove')}
              </Button>
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}

/** The Newsletters tab (issue 24): list mail by sender, with Unsubscribe, Archive all and Keep archiving. */
export default function NewslettersPanel() {
  const t = useT();
  const { token } = theme.useToken();
  const senders = useNewsletterSenders();
  const rules = useSenderRules();
  if (senders.isPending) return <Skeleton active />;
  if (senders.isError)
    return <Alert type="error" showIcon title={t('loadError')} description={errorDetail(senders.error)} />;
  const archivingBySender = new Map(
    (rules.data ?? []).filter((rule) => rule.kind === 'archive').map((rule) => [rule.sender, rule]),
  );
  return (
    <Flex vertical gap={token.margin}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('intro')}
      </Typography.Paragraph>
      <Card size="small" styles={{ body: { padding: 0 } }}>
        {senders.data.length === 0 ? (
          <EmptyState description={t('empty')} />
        ) : (
          <div role="list" aria-label={t('list.label')} style={{ marginTop: -1 }}>
            {senders.data.map((sender) => (
              <SenderRow key={sender.sender} sender={sender} archiving={archivingBySender.get(sender.sender)} />
            ))}
          </div>
        )}
      </Card>
      <RulesCard rules={rules.data ?? []} />
    </Flex>
  );
}
