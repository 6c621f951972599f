import { useState } from 'react';
import { Button, Flex, Table, Tag, Tooltip, Typography, theme, type TableColumnsType } from 'antd';
import { EditOutlined, UndoOutlined } from '@ant-design/icons';
import type { AdminModuleEntry } from '@aide/contracts';
import { EmptyState, useConfirm } from '@aide/ui';
import { useRemoteModules, type ModuleState } from '../federation/remote-modules';
import { ModuleSourceDialog } from './ModuleSourceDialog';
import { QueryErrorAlert } from './QueryErrorAlert';
import { useAdminNotify } from './useAdminNotify';
import { useAdminModules, useUpdateModuleSource } from './useAdminModules';

const TEXT = { updated: 'Module source updated successfully', failed: 'Failed to update module source' } as const;

/** The build of a remote this browser is running right now (from the shell's federation store). */
function LoadedVersion({ state }: { state: ModuleState | undefined }) {
  if (!state) return <Typography.Text type="secondary">Not loaded</Typography.Text>;
  if (state.status === 'loading') return <Tag color="processing">Loading…</Tag>;
  if (state.status === 'failed') return <Tag color="error">Failed to load</Tag>;
  const version = state.module.version;
  return version ? <Tag color="success">v{version}</Tag> : <Typography.Text type="secondary">Unknown</Typography.Text>;
}

export function ModulesTab() {
  const { token } = theme.useToken();
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

  const resetToDefault = async (module: AdminModuleEntry) => {
    const ok = await confirm({
      title: `Reset ${module.title} to its default build?`,
      content: module.defaultManifestUrl,
      okText: 'Reset',
    });
    if (!ok) return;
    try {
      await updateSource.mutateAsync({ id: module.id, payload: { manifestUrl: null } });
      notify.success(TEXT.updated);
    } catch (error) {
      notify.failure(TEXT.failed, error);
    }
  };

  const columns: TableColumnsType<AdminModuleEntry> = [
    {
      title: 'Module',
      key: 'title',
      render: (_, m) => (
        <div>
          <Typography.Text strong style={{ display: 'block' }}>
            {m.title}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {m.id}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: 'Manifest URL',
      key: 'manifestUrl',
      render: (_, m) => (
        <Flex align="center" gap={token.marginXS}>
          <Typography.Text
            code
            copyable={{ text: m.manifestUrl, tooltips: ['Copy URL', 'Copied'] }}
            style={{ wordBreak: 'break-all' }}
          >
            {m.manifestUrl}
          </Typography.Text>
          {m.overridden ? (
            <Tooltip title={`Default: ${m.defaultManifestUrl}`}>
              <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                Custom
              </Tag>
            </Tooltip>
          ) : null}
        </Flex>
      ),
    },
    { title: 'Loaded version', key: 'version', render: (_, m) => <LoadedVersion state={states[m.id]} /> },
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_, m) => (
        <Flex gap={token.marginXS} justify="flex-end" style={{ whiteSpace: 'nowrap' }}>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={`Edit source of ${m.title}`}
            onClick={() => setEditing({ open: true, module: m })}
          >
            Edit
          </Button>
          <Button
            size="small"
            icon={<UndoOutlined />}
            aria-label={`Reset ${m.title} to default`}
            disabled={!m.overridden}
            loading={
              updateSource.isPending &&
              updateSource.variables?.id === m.id &&
              updateSource.variables.payload.manifestUrl === null
            }
            onClick={() => void resetToDefault(m)}
          >
            Reset to default
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={token.margin}>
      <Typography.Text type="secondary">
        Where each module's remote is loaded from. Users pick up a new build on their next page load.
      </Typography.Text>
      {modulesQuery.isError ? <QueryErrorAlert title="Failed to load modules" query={modulesQuery} /> : null}
      <Table<AdminModuleEntry>
        aria-label="Modules"
        rowKey="id"
        columns={columns}
        dataSource={modulesQuery.data ?? []}
        loading={modulesQuery.isPending && !modulesQuery.isError}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: modulesQuery.isError ? ' ' : <EmptyState description="No modules are registered" /> }}
      />
      <ModuleSourceDialog
        open={editing.open}
        module={editing.module}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
    </Flex>
  );
}
