import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { App, Button, Flex, Tag, Typography, theme } from 'antd';
import {
  BulbOutlined,
  CalendarOutlined,
  CarryOutOutlined,
  CheckCircleFilled,
  CompassOutlined,
  FileTextOutlined,
  FlagOutlined,
} from '@ant-design/icons';
import { apiMessage, isUnauthorizedError } from '@aide/api-client';
import type { Suggestion, SuggestionKind, SuggestionResultType } from '@aide/contracts';
import { useT } from '../i18n';
import { type SuggestionSource, useSuggestionDecisions, useSuggestions } from './useSuggestions';

const KIND_ICONS: Record<SuggestionKind, ReactNode> = {
  event: <CalendarOutlined aria-hidden />,
  task: <CarryOutOutlined aria-hidden />,
  document: <FileTextOutlined aria-hidden />,
  trip: <CompassOutlined aria-hidden />,
  'trip-item': <FlagOutlined aria-hidden />,
};

/** Where each result opens: the screen of its module, with the row named in the address. */
const RESULT_LINKS: Record<SuggestionResultType, (id: number) => string> = {
  event: (id) => `/calendar?event=${id}`,
  task: (id) => `/tasks?open=${id}`,
  document: (id) => `/documents?open=${id}`,
  trip: (id) => `/travel?open=${id}`,
};

export interface SuggestionsPanelProps {
  source: SuggestionSource;
}

/**
 * What a message or a document could become (issue 26): each pending suggestion with its one-click
 * action and Dismiss, and what it already became (by the person or by one of their rules), linked.
 * Dismissed ones are not shown again. Renders nothing when there is nothing to say.
 */
export function SuggestionsPanel({ source }: SuggestionsPanelProps) {
  const t = useT();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const suggestions = useSuggestions(source);
  const { accept, dismiss } = useSuggestionDecisions();
  const shown = (suggestions.data ?? []).filter((s) => s.status !== 'dismissed');
  if (shown.length === 0) return null;

  const failed = (error: unknown) => {
    if (isUnauthorizedError(error)) return;
    const reason = apiMessage(error);
    void message.error(reason ?? t('suggestions.failed'));
  };
  const onAccept = (suggestion: Suggestion) =>
    accept.mutate(suggestion, {
      onSuccess: () => void message.success(t(`suggestions.done.${suggestion.kind}`)),
      onError: failed,
    });
  const onDismiss = (suggestion: Suggestion) => dismiss.mutate(suggestion, { onError: failed });
  const busy = (suggestion: Suggestion) =>
    (accept.isPending && accept.variables?.id === suggestion.id) ||
    (dismiss.isPending && dismiss.variables?.id === suggestion.id);

  return (
    <section
      aria-label={t('suggestions.label')}
      style={{
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingSM,
        background: token.colorFillQuaternary,
      }}
    >
      <Typography.Text strong style={{ display: 'block', marginBottom: token.marginXS }}>
        <BulbOutlined aria-hidden style={{ color: token.colorWarning, marginInlineEnd: token.marginXS }} />
        {t('suggestions.title')}
      </Typography.Text>
      <Flex vertical gap={token.marginXS} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {shown.map((suggestion) => (
          <li key={suggestion.id} aria-label={suggestion.title}>
            <Flex gap={token.marginSM} align="center" wrap justify="space-between">
              <Flex gap={token.marginSM} align="flex-start" style={{ minWidth: 0, flex: '1 1 260px' }}>
                <span style={{ color: token.colorPrimary, paddingTop: 2 }}>{KIND_ICONS[suggestion.kind]}</span>
                <Flex vertical style={{ minWidth: 0 }}>
                  <Typography.Text>
                    {suggestion.title}{' '}
                    <Tag bordered={false} style={{ marginInlineStart: token.marginXXS }}>
                      {t(`suggestions.origin.${suggestion.origin}`)}
                    </Tag>
                  </Typography.Text>
                  {suggestion.detail ? <Typography.Text type="secondary">{suggestion.detail}</Typography.Text> : null}
                </Flex>
              </Flex>
              {suggestion.status === 'pending' ? (
                <Flex gap={token.marginXS}>
                  <Button
                    size="small"
                    type="primary"
                    loading={accept.isPending && accept.variables?.id === suggestion.id}
                    disabled={busy(suggestion)}
                    onClick={() => onAccept(suggestion)}
                  >
                    {t(`suggestions.accept.${suggestion.kind}`)}
                  </Button>
                  <Button
                    size="small"
                    type="text"
                    disabled={busy(suggestion)}
                    onClick={() => onDismiss(suggestion)}
                    aria-label={t('suggestions.dismissLabel', { title: suggestion.title })}
                  >
                    {t('suggestions.dismiss')}
                  </Button>
                </Flex>
              ) : (
                <Flex gap={token.marginXS} align="center">
                  <CheckCircleFilled aria-hidden style={{ color: token.colorSuccess }} />
                  <Typography.Text type="secondary">
                    {suggestion.decidedBy === 'rule'
                      ? t(`suggestions.byRule.${suggestion.kind}`)
                      : t(`suggestions.done.${suggestion.kind}`)}
                  </Typography.Text>
                  {suggestion.result ? (
                    <Link to={RESULT_LINKS[suggestion.result.type](suggestion.result.id)}>{t('suggestions.open')}</Link>
                  ) : null}
                </Flex>
              )}
            </Flex>
          </li>
        ))}
      </Flex>
    </section>
  );
}
