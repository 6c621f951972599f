import { useMutationState } from '@tanstack/react-query';
import { Alert, Col, Flex, Row, Switch, Table, Tag, Tooltip, Typography, theme, type TableColumnsType } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import type { FeatureToggle, UserPlan } from '@aide/contracts';
import { EmptyState } from '@aide/ui';
import { PLAN_LABELS, PLAN_TAG_COLORS } from './adminLabels';
import { CreateFeatureToggleForm } from './CreateFeatureToggleForm';
import { QueryErrorAlert } from './QueryErrorAlert';
import { useAdminNotify } from './useAdminNotify';
import {
  UPDATE_FEATURE_MUTATION_KEY,
  useAdminFeatures,
  useUpdateFeatureToggle,
  type UpdateFeatureVariables,
} from './useAdminFeatures';

// Spec §8 texts.
const TEXT = {
  updated: 'Feature toggle updated successfully',
  failed: 'Failed to update feature toggle',
  loadFailed: 'Failed to load feature toggles',
  empty: 'No feature toggles yet. Create the first one.',
} as const;

/** 'module.organiser' → 'organiser'; null for a toggle that is not a module's. */
const moduleIdOf = (name: string) => (name.startsWith('module.') ? name.slice('module.'.length) : null);

export function FeaturesTab() {
  const { token } = theme.useToken();
  const notify = useAdminNotify();
  const featuresQuery = useAdminFeatures();
  const updateToggle = useUpdateFeatureToggle();

  // Switches being saved show their new position (and a spinner) until the list is refetched.
  const pending = useMutationState({
    filters: { mutationKey: UPDATE_FEATURE_MUTATION_KEY, status: 'pending' },
    select: (m) => m.state.variables as UpdateFeatureVariables | undefined,
  });

  const setEnabled = async (toggle: FeatureToggle, enabled: boolean) => {
    try {
      await updateToggle.mutateAsync({ id: toggle.id, payload: { enabled } });
      notify.success(TEXT.updated);
    } catch (error) {
      notify.failure(TEXT.failed, error);
    }
  };

  const columns: TableColumnsType<FeatureToggle> = [
    {
      title: 'Name',
      dataIndex: 'name',
      key: 'name',
      render: (name: string) => (
        <Flex vertical align="flex-start" gap={token.marginXXS}>
          <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
            {name}
          </Typography.Text>
          {moduleIdOf(name) ? (
            <Tooltip title={`Shows or hides the ${moduleIdOf(name)} module for everyone it applies to`}>
              <Tag icon={<AppstoreOutlined />} color="blue" style={{ marginInlineEnd: 0 }}>
                Module
              </Tag>
            </Tooltip>
          ) : null}
        </Flex>
      ),
    },
    {
      title: 'Description',
      dataIndex: 'description',
      key: 'description',
      responsive: ['md'],
      render: (description: string | null) =>
        description ? (
          <Typography.Paragraph
            type="secondary"
            ellipsis={{ rows: 2, tooltip: description }}
            style={{ margin: 0, minWidth: 160, maxWidth: 420 }}
          >
            {description}
          </Typography.Paragraph>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      title: 'Plan required',
      dataIndex: 'planRequired',
      key: 'planRequired',
      render: (plan: UserPlan) => <Tag color={PLAN_TAG_COLORS[plan]}>{PLAN_LABELS[plan]}</Tag>,
    },
    {
      title: 'Admin only',
      dataIndex: 'adminOnly',
      key: 'adminOnly',
      render: (adminOnly: boolean) => (adminOnly ? <Tag color="red">Admin only</Tag> : <Tag>Everyone</Tag>),
    },
    {
      title: 'Enabled',
      key: 'enabled',
      align: 'center',
      // Stays in view while a narrow screen scrolls the table sideways.
      fixed: 'right',
      render: (_, toggle) => {
        const saving = pending.findLast((v) => v?.id === toggle.id && v.payload.enabled !== undefined);
        return (
          <Switch
            aria-label={`Enabled: ${toggle.name}`}
            checked={saving?.payload.enabled ?? toggle.enabled}
            loading={Boolean(saving)}
            onChange={(enabled) => void setEnabled(toggle, enabled)}
          />
        );
      },
    },
  ];

  return (
    <Row gutter={[token.marginLG, token.marginLG]} align="top">
      <Col xs={24} xxl={16}>
        <Flex vertical gap={token.margin}>
          <Alert
            type="info"
            showIcon
            icon={<AppstoreOutlined />}
            title="Toggles tagged Module control a whole module"
            description={
              <>
                Switching <Typography.Text code>module.&lt;id&gt;</Typography.Text> off hides that module — its sidebar
                entry, screens and API — for everyone it applies to. Users see the change on their next page load.
              </>
            }
          />
          {featuresQuery.isError ? <QueryErrorAlert title={TEXT.loadFailed} query={featuresQuery} /> : null}
          <Table<FeatureToggle>
            aria-label="Feature toggles"
            rowKey="id"
            columns={columns}
            dataSource={featuresQuery.data ?? []}
            loading={featuresQuery.isPending && !featuresQuery.isError}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: featuresQuery.isError ? ' ' : <EmptyState description={TEXT.empty} /> }}
          />
        </Flex>
      </Col>
      <Col xs={24} xxl={8}>
        <CreateFeatureToggleForm />
      </Col>
    </Row>
  );
}
