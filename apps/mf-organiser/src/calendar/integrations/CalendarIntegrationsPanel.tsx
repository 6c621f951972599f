import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Typography, theme } from 'antd';
import { CloudServerOutlined, GoogleOutlined, WindowsFilled } from '@ant-design/icons';
import { errorDetail, isUnauthorizedError } from '@aide/api-client';
import {
  type CalendarIntegration,
  OAUTH_QUOTA_REASON,
  OAUTH_REFUSAL_REASON_PARAM,
  planQuotaMessage,
} from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { EmptyState, useConfirm } from '@aide/ui';
import { CalDavDialog } from './CalDavDialog';
import { IntegrationCard } from './IntegrationCard';
import {
  useCalendarIntegrations,
  useConnectOAuthCalendar,
  useRemoveIntegration,
  useSyncIntegration,
  useUpdateIntegration,
} from './useCalendarIntegrations';

import { t as translate, useT } from '../../i18n';

/** The callback of /api/auth/{google,outlook}/calendar lands with ?error=<provider> (&reason=quota) when connecting failed. */
const OAUTH_ERROR_TITLES = {
  google: 'integrations.connectFailed',
  outlook: 'integrations.connectOutlookFailed',
} as const;
const isOAuthProvider = (value: string | null): value is keyof typeof OAUTH_ERROR_TITLES =>
  value === 'google' || value === 'outlook';

export function CalendarIntegrationsPanel() {
  const { token } = theme.useToken();
  const t = useT();
  const { toast, user } = useHost();
  const confirm = useConfirm();
  const [params, setParams] = useSearchParams();
  const integrations = useCalendarIntegrations();
  const connectGoogle = useConnectOAuthCalendar('google');
  const connectOutlook = useConnectOAuthCalendar('outlook');
  const sync = useSyncIntegration();
  const update = useUpdateIntegration();
  const remove = useRemoveIntegration();
  const [calDavOpen, setCalDavOpen] = useState(false);

  // After success the browser is leaving for Google's consent screen: keep saying so.
  const connecting = connectGoogle.isPending || connectGoogle.isSuccess;

  // Back from the provider's consent screen without a calendar: say why (gmail's is the email panel's).
  useEffect(() => {
    const provider = params.get('error');
    if (!isOAuthProvider(provider)) return;
    const overQuota = params.get(OAUTH_REFUSAL_REASON_PARAM) === OAUTH_QUOTA_REASON;
    toast({
      title: translate(OAUTH_ERROR_TITLES[provider]),
      description: overQuota
        ? planQuotaMessage(user.plan, 'calendarIntegrations')
        : translate('integrations.oauthFailed'),
      variant: 'destructive',
    });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        next.delete(OAUTH_REFUSAL_REASON_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [params, setParams, toast, user.plan]);

  const fail = (message: string, error: unknown) => {
    // A 401 is already announced by the shell, which sends the user to sign in.
    if (isUnauthorizedError(error)) return;
    toast({
      title: translate('common.error'),
      description: translate('common.errorWithDetail', { message, detail: errorDetail(error) }),
      variant: 'destructive',
    });
  };

  const onConnectGoogle = () =>
    connectGoogle.mutate(undefined, { onError: (error) => fail(translate('integrations.connectFailed'), error) });
  const onConnectOutlook = () =>
    connectOutlook.mutate(undefined, {
      onError: (error) => fail(translate('integrations.connectOutlookFailed'), error),
    });
  const connectingOutlook = connectOutlook.isPending || connectOutlook.isSuccess;

  const onSync = async (integration: CalendarIntegration) => {
    try {
      await sync.mutateAsync(integration.id);
      toast({ title: translate('integrations.synced') });
    } catch (error) {
      fail(translate('integrations.syncFailed'), error);
    }
  };

  const onToggle = async (integration: CalendarIntegration, syncEnabled: boolean) => {
    try {
      await update.mutateAsync({ id: integration.id, payload: { syncEnabled } });
    } catch (error) {
      fail(translate('integrations.updateFailed'), error);
    }
  };

  const onRemove = async (integration: CalendarIntegration) => {
    const ok = await confirm({
      title: translate('integrations.removeTitle', { name: integration.calendarName }),
      content: translate('integrations.removeText'),
      okText: translate('integrations.remove'),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(integration.id);
      toast({ title: translate('integrations.removed') });
    } catch (error) {
      fail(translate('integrations.removeFailed'), error);
    }
  };

  let body;
  if (integrations.isPending) {
    body = <Skeleton active paragraph={{ rows: 3 }} />;
  } else if (integrations.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('integrations.loadFailed')}
        description={errorDetail(integrations.error)}
        action={
          <Button size="small" onClick={() => void integrations.refetch()} loading={integrations.isFetching}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (integrations.data.length === 0) {
    body = (
      <EmptyState
        description={
          <Flex vertical gap={token.marginXXS}>
            <Typography.Text strong>{t('integrations.emptyTitle')}</Typography.Text>
            <Typography.Text type="secondary">{t('integrations.emptyText')}</Typography.Text>
          </Flex>
        }
      />
    );
  } else {
    body = (
      <Row gutter={[token.margin, token.margin]}>
        {integrations.data.map((integration) => (
          <Col key={integration.id} xs={24} lg={12}>
            <IntegrationCard
              integration={integration}
              syncPending={sync.isPending && sync.variables === integration.id}
              togglePending={update.isPending && update.variables?.id === integration.id}
              onSync={() => void onSync(integration)}
              onToggle={(enabled) => void onToggle(integration, enabled)}
              onRemove={() => void onRemove(integration)}
            />
          </Col>
        ))}
      </Row>
    );
  }

  return (
    <Card>
      <Flex vertical gap={token.marginLG}>
        <Flex wrap justify="space-between" align="flex-start" gap={token.marginMD}>
          <div style={{ flex: '1 1 260px', minWidth: 0 }}>
            <Typography.Title
              level={2}
              style={{ margin: 0, fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4 }}
            >
              {t('integrations.heading')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('integrations.intro')}</Typography.Text>
          </div>
          <Flex wrap gap={token.marginXS}>
            <Button icon={<CloudServerOutlined />} onClick={() => setCalDavOpen(true)}>
              {t('integrations.connectCalDav')}
            </Button>
            <Button icon={<WindowsFilled />} loading={connectingOutlook} onClick={onConnectOutlook}>
              {connectingOutlook ? t('integrations.connecting') : t('integrations.connectOutlook')}
            </Button>
            <Button type="primary" icon={<GoogleOutlined />} loading={connecting} onClick={onConnectGoogle}>
              {connecting ? t('integrations.connecting') : t('integrations.connectGoogle')}
            </Button>
          </Flex>
        </Flex>
        {body}
      </Flex>
      <CalDavDialog open={calDavOpen} onClose={() => setCalDavOpen(false)} />
    </Card>
  );
}
