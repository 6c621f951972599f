/**
 * The Email Integrations panel (spec §2): the email screen's Integrations tab, and — as this
 * module's fill of the `calendar.integrations` slot (module.tsx) — the calendar screen's
 * Integrations tab. It renders inside the host's providers either way.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Col, Flex, Grid, Row, Skeleton, Typography, theme } from 'antd';
import { MailOutlined, PlusOutlined } from '@ant-design/icons';
import { errorDetail, isUnauthorizedError } from '@aide/api-client';
import { OAUTH_QUOTA_REASON, OAUTH_REFUSAL_REASON_PARAM, planQuotaMessage } from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { EmptyState, useConfirm } from '@aide/ui';
import { textsOf, useT } from '../i18n';
import { serverMessage } from '../shared/emailText';
import { AddIntegrationDialog, ADD_TEXT } from './AddIntegrationDialog';
import { EmailIntegrationCard } from './EmailIntegrationCard';
import { IntegrationSettingsDialog } from './IntegrationSettingsDialog';
import { AttachmentRulesButton } from '../attachments/AttachmentRulesEditor';
import {
  useDeleteEmailIntegration,
  useEmailIntegrations,
  useSyncEmailIntegration,
  useUpdateEmailIntegration,
  type EmailAccount,
} from './useEmailIntegrations';
import { useSyncWatcher } from './useSyncWatcher';

// Spec: Email Integrations panel and §8 texts, read in the language active when shown.
export const PANEL_TEXT = textsOf({
  toggled: 'panel.toggled',
  toggleFailed: 'panel.toggleFailed',
  synced: 'panel.synced',
  syncFailed: 'panel.syncFailed',
  deleted: 'panel.deleted',
  deleteFailed: 'panel.deleteFailed',
  oauthFailed: 'panel.oauthFailed',
});

/**
 * Where /api/auth/gmail (and its callback) lands: ?connected=gmail, or ?error=gmail when connecting
 * failed, with &reason=quota when the plan had no room for another account.
 */
const OAUTH_RESULT_PARAMS = ['connected', 'error', OAUTH_REFUSAL_REASON_PARAM] as const;

export default function EmailIntegrationsPanel() {
  const t = useT();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const { toast, user } = useHost();
  const confirm = useConfirm();
  const accounts = useEmailIntegrations();
  const sync = useSyncEmailIntegration();
  const update = useUpdateEmailIntegration();
  const remove = useDeleteEmailIntegration();
  const [addOpen, setAddOpen] = useState(false);
  // The account stays in state while the dialog closes, so its contents do not flip mid-animation.
  const [settings, setSettings] = useState<{ open: boolean; account: EmailAccount | null }>({
    open: false,
    account: null,
  });
  const [params, setParams] = useSearchParams();

  const fail = (title: string, error: unknown, fallback = title) => {
    // A 401 is already announced by the shell, which sends the user to sign in.
    if (!isUnauthorizedError(error))
      toast({ title, description: serverMessage(error, fallback), variant: 'destructive' });
  };

  const watcher = useSyncWatcher(accounts.data, (account, outcome) => {
    if (outcome.kind === 'succeeded') toast({ title: PANEL_TEXT.synced, description: account.email });
    else toast({ title: PANEL_TEXT.syncFailed, description: outcome.error ?? account.email, variant: 'destructive' });
  });

  // Back from Google's consent screen (spec §7: gmail connects through /api/auth/gmail).
  useEffect(() => {
    if (params.get('connected') !== 'gmail' && params.get('error') !== 'gmail') return;
    if (params.get('error') === 'gmail') {
      const overQuota = params.get(OAUTH_REFUSAL_REASON_PARAM) === OAUTH_QUOTA_REASON;
      toast({
        title: ADD_TEXT.createFailed,
        description: overQuota ? planQuotaMessage(user.plan, 'emailAccounts') : PANEL_TEXT.oauthFailed,
        variant: 'destructive',
      });
    } else toast({ title: ADD_TEXT.created });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        OAUTH_RESULT_PARAMS.forEach((name) => next.delete(name));
        return next;
      },
      { replace: true },
    );
  }, [params, setParams, toast, user.plan]);

  const onSync = async (account: EmailAccount) => {
    watcher.begin(account);
    try {
      const answer = await sync.mutateAsync(account.id);
      watcher.answered(account, answer ?? undefined);
    } catch (error) {
      watcher.cancel(account.id);
      fail(PANEL_TEXT.syncFailed, error);
    }
  };

  const onToggleSync = async (account: EmailAccount, syncEnabled: boolean) => {
    try {
      await update.mutateAsync({ id: account.id, payload: { syncEnabled } });
      toast({ title: PANEL_TEXT.toggled });
    } catch (error) {
      fail(PANEL_TEXT.toggleFailed, error);
    }
  };

  const onDelete = async (account: EmailAccount) => {
    // Spec §5: deleting an email integration needs a confirmation.
    const ok = await confirm({
      title: t('panel.deleteTitle', { email: account.email }),
      content: t('panel.deleteText'),
      okText: t('common.delete'),
      cancelText: t('common.cancel'),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(account.id);
      toast({ title: PANEL_TEXT.deleted });
    } catch (error) {
      fail(PANEL_TEXT.deleteFailed, error);
    }
  };

  const addButton = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAddOpen(true)}>
      {t('panel.add')}
    </Button>
  );

  let body;
  if (accounts.isPending) {
    body = <Skeleton active paragraph={{ rows: 3 }} />;
  } else if (accounts.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('panel.loadFailed')}
        description={errorDetail(accounts.error)}
        action={
          <Button size="small" onClick={() => void accounts.refetch()} loading={accounts.isFetching}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (accounts.data.length === 0) {
    body = (
      <EmptyState
        description={
          <Flex vertical gap={token.marginXXS}>
            <Typography.Text strong>{t('panel.emptyTitle')}</Typography.Text>
            <Typography.Text type="secondary">{t('panel.emptyText')}</Typography.Text>
          </Flex>
        }
        action={addButton}
      />
    );
  } else {
    body = (
      <Row gutter={[token.margin, token.margin]}>
        {accounts.data.map((account) => (
          <Col key={account.id} xs={24} lg={12}>
            <EmailIntegrationCard
              account={account}
              syncPending={sync.isPending && sync.variables === account.id}
              togglePending={
                update.isPending &&
                update.variables?.id === account.id &&
                update.variables.payload.syncEnabled !== undefined
              }
              onSync={() => void onSync(account)}
              onToggleSync={(enabled) => void onToggleSync(account, enabled)}
              onSettings={() => setSettings({ open: true, account })}
              onDelete={() => void onDelete(account)}
            />
          </Col>
        ))}
      </Row>
    );
  }

  return (
    // On a phone the account cards sit closer to the panel's edge.
    <Card styles={{ body: screens.sm === false ? { padding: token.paddingSM } : undefined }}>
      <Flex vertical gap={token.marginLG}>
        <Flex wrap justify="space-between" align="flex-start" gap={token.marginMD}>
          <Flex gap={token.marginSM} align="flex-start" style={{ flex: '1 1 260px', minWidth: 0 }}>
            <MailOutlined
              aria-hidden
              style={{ fontSize: token.fontSizeHeading4, color: token.colorPrimary, marginTop: token.marginXXS }}
            />
            <div style={{ minWidth: 0 }}>
              <Typography.Title
                level={2}
                style={{ margin: 0, fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4 }}
              >
                {t('panel.heading')}
              </Typography.Title>
              <Typography.Text type="secondary">{t('panel.intro')}</Typography.Text>
            </div>
          </Flex>
          <Flex wrap gap={token.marginXS}>
            <AttachmentRulesButton />
            {accounts.data?.length ? addButton : null}
          </Flex>
        </Flex>
        {body}
      </Flex>
      <AddIntegrationDialog open={addOpen} onClose={() => setAddOpen(false)} />
      <IntegrationSettingsDialog
        open={settings.open}
        account={settings.account}
        onClose={() => setSettings((s) => ({ ...s, open: false }))}
      />
    </Card>
  );
}
