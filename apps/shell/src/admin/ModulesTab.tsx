import { useState } from 'react';
import { Button, Flex, Grid, Table, Tag, Tooltip, Typography, theme, type TableColumnsType } from 'antd';
import { EditOutlined, UndoOutlined } from '@ant-design/icons';
import type { AdminModuleEntry } from '@aide/contracts';
import { EmptyState, useConfirm } from '@aide/ui';
import { useRemoteModules, type ModuleState } from '../federation/remote-modules';
import { useT } from '../i18n';
import { moduleTitle } from '../layout/moduleTitles';
import { ModuleSourceDialog } from './ModuleSourceDialog';
import { QueryErrorAlert } from './QueryErrorAlert';
import { useAdminNotify } from './useAdminNotify';
import { useAdminModules, useUpdateModuleSource } from './useAdminModules';

/** The build of a remote this browser is running right now (from the shell's federation store). */
function LoadedVersion({ state }: { state: ModuleState | undefined }) {
  const t = useT();
  if (!state) return <Typography.Text type="secondary">{t('admin.modules.notLoaded')}</Typography.Text>;
  if (state.status === 'loading') return <Tag color="processing">{t('admin.modules.loading')}</Tag>;
  if (state.status === 'failed') return <Tag color="error">{t('admin.modules.failedToLoad')}</Tag>;
  // A described module's code may not be loaded yet: its description names the same build.
  const version = state.status === 'ready' ? state.module.version : state.description.version;
  return version ? (
    <Tag color="success">v{version}</Tag>
  ) : (
    <Typography.Text type="secondary">{t('admin.modules.unknown')}</Typography.Text>
  );
}

export function ModulesTab() {
  const t = useT();
  const { token } = theme.useToken();
  const phone = !(Grid.useBreakpoint().sm ?? true);
  const notify = useAdminNotify();
  const confirm = useConfirm();
  const modulesQuery = useAdminModules();
  const updateSource = useUpdateModuleSource();
  const states = useRemoteModules((s) => s.states);
  // The module stays in state while the dialog closes, so its title does not flip mid-animation.
  const [editing, setEditing] = useState<{ open: boolean; module: AdminModuleEntry | null }>({
    open: false,
    module: null,
  });

  const titleOf = (module: AdminModuleEntry) => moduleTitle(t, module.id, module.title);
  const resetToDefault = async (module: AdminModuleEntry) => {
    const ok = await confirm({
      title: t('admin.modules.resetTitle', { module: titleOf(module) }),
      content: module.defaultManifestUrl,
      okText: t('admin.modules.reset'),
    });
    if (!ok) return;
    try {
      await updateSource.mutateAsync({ id: module.id, payload: { manifestUrl: null } });
      notify.success(t('admin.modules.updated'));
    } catch (error) {
      notify.failure(t('admin.modules.failed'), error);
    }
  };

  const titleCell = (m: AdminModuleEntry) => (
    <div>
      <Typography.Text strong style={{ display: 'block' }}>
        {titleOf(m)}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {m.id}
      </Typography.Text>
    </div>
  );
  const urlCell = (m: AdminModuleEntry) => (
    <Flex align="center" gap={token.marginXS} wrap>
      <Typography.Text
        code
        copyable={{ text: m.manifestUrl, tooltips: [t('admin.modules.copyUrl'), t('common.copied')] }}
        style={{ wordBreak: 'break-all' }}
      >
        {m.manifestUrl}
      </Typography.Text>
      {m.overridden ? (
        <Tooltip title={t('admin.modules.default', { url: m.defaultManifestUrl })}>
          <Tag color="orange" style={{ marginInlineEnd: 0 }}>
            {t('admin.modules.custom')}
          </Tag>
        </Tooltip>
      ) : null}
    </Flex>
  );
  const actionsCell = (m: AdminModuleEntry) => (
    <Flex
      gap={token.marginXS}
      justify={phone ? 'flex-start' : 'flex-end'}
      wrap={phone}
      style={{ whiteSpace: 'nowrap' }}
    >
      <Button
        size="small"
        icon={<EditOutlined />}
        aria-label={t('admin.modules.editFor', { module: titleOf(m) })}
        onClick={() => setEditing({ open: true, module: m })}
      >
        {t('admin.modules.edit')}
      </Button>
      <Button
        size="small"
        icon={<UndoOutlined />}
        // The visible words first, then which module (axe label-content-name-mismatch).
        aria-label={t('admin.modules.resetFor', { action: t('admin.modules.resetToDefault'), module: titleOf(m) })}
        disabled={!m.overridden}
        loading={
          updateSource.isPending &&
          updateSource.variables?.id === m.id &&
          updateSource.variables.payload.manifestUrl === null
        }
        onClick={() => void resetToDefault(m)}
      >
        {t('admin.modules.resetToDefault')}
      </Button>
    </Flex>
  );

  // A phone stacks a module's source, version and actions in one cell: no sideways scrolling.
  const columns: TableColumnsType<AdminModuleEntry> = phone
    ? [
        {
          title: t('admin.modules.module'),
          key: 'title',
          render: (_, m) => (
            <Flex vertical gap={token.marginXS} align="flex-start">
              <Flex justify="space-between" align="center" gap={token.marginXS} style={{ alignSelf: 'stretch' }}>
                {titleCell(m)}
                <LoadedVersion state={states[m.id]} />
              </Flex>
              {urlCell(m)}
              {actionsCell(m)}
            </Flex>
          ),
        },
      ]
    : [
        { title: t('admin.modules.module'), key: 'title', render: (_, m) => titleCell(m) },
        { title: t('admin.modules.manifestUrl'), key: 'manifestUrl', render: (_, m) => urlCell(m) },
        {
          title: t('admin.modules.loadedVersion'),
          key: 'version',
          render: (_, m) => <LoadedVersion state={states[m.id]} />,
        },
        { title: t('admin.modules.actions'), key: 'actions', align: 'right', render: (_, m) => actionsCell(m) },
      ];

  return (
    <Flex vertical gap={token.margin}>
      <Typography.Text type="secondary">{t('admin.modules.intro')}</Typography.Text>
      {modulesQuery.isError ? <QueryErrorAlert title={t('admin.modules.loadFailed')} query={modulesQuery} /> : null}
      <Table<AdminModuleEntry>
        aria-label={t('admin.modules.label')}
        rowKey="id"
        columns={columns}
        dataSource={modulesQuery.data ?? []}
        loading={modulesQuery.isPending && !modulesQuery.isError}
        pagination={false}
        scroll={phone ? undefined : { x: 'max-content' }}
        locale={{ emptyText: modulesQuery.isError ? ' ' : <EmptyState description={t('admin.modules.empty')} /> }}
      />
      <ModuleSourceDialog
        open={editing.open}
        module={editing.module}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
    </Flex>
  );
}
