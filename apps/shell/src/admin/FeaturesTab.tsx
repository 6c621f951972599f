import { useMutationState } from '@tanstack/react-query';
import {
  Alert,
  Col,
  Flex,
  Grid,
  Row,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
  theme,
  type TableColumnsType,
} from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import type { FeatureToggle, UserPlan } from '@aide/contracts';
import { EmptyState } from '@aide/ui';
import { RichText } from '@aide/i18n';
import { useT } from '../i18n';
import { moduleTitle } from '../layout/moduleTitles';
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

/** 'module.organiser' → 'organiser'; null for a toggle that is not a module's. */
const moduleIdOf = (name: string) => (name.startsWith('module.') ? name.slice('module.'.length) : null);

export function FeaturesTab() {
  const t = useT();
  const { token } = theme.useToken();
  // A phone shows the plan and audience under the name: only Name and Enabled are columns.
  const phone = !(Grid.useBreakpoint().sm ?? true);
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
      // Spec §8 texts.
      notify.success(t('admin.features.updated'));
    } catch (error) {
      notify.failure(t('admin.features.failed'), error);
    }
  };

  const columns: TableColumnsType<FeatureToggle> = [
    {
      title: t('admin.features.name'),
      dataIndex: 'name',
      key: 'name',
      render: (name: string, toggle) => {
        const moduleId = moduleIdOf(name);
        return (
          <Flex vertical align="flex-start" gap={token.marginXXS}>
            <Typography.Text code style={{ whiteSpace: phone ? undefined : 'nowrap', wordBreak: 'break-all' }}>
              {name}
            </Typography.Text>
            <Flex gap={token.marginXXS} wrap>
              {moduleId ? (
                <Tooltip title={t('admin.features.moduleHint', { module: moduleTitle(t, moduleId, moduleId) })}>
                  <Tag icon={<AppstoreOutlined />} color="blue" style={{ marginInlineEnd: 0 }}>
                    {t('admin.features.module')}
                  </Tag>
                </Tooltip>
              ) : null}
              {phone ? (
                <>
                  <Tag color={PLAN_TAG_COLORS[toggle.planRequired]} style={{ marginInlineEnd: 0 }}>
                    {PLAN_LABELS[toggle.planRequired]}
                  </Tag>
                  {toggle.adminOnly ? (
                    <Tag color="red" style={{ marginInlineEnd: 0 }}>
                      {t('admin.features.adminOnly')}
                    </Tag>
                  ) : null}
                </>
              ) : null}
            </Flex>
          </Flex>
        );
      },
    },
    {
      title: t('admin.features.description'),
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
      title: t('admin.features.planRequired'),
      dataIndex: 'planRequired',
      key: 'planRequired',
      responsive: ['sm'],
      render: (plan: UserPlan) => <Tag color={PLAN_TAG_COLORS[plan]}>{PLAN_LABELS[plan]}</Tag>,
    },
    {
      title: t('admin.features.adminOnly'),
      dataIndex: 'adminOnly',
      key: 'adminOnly',
      responsive: ['sm'],
      render: (adminOnly: boolean) =>
        adminOnly ? <Tag color="red">{t('admin.features.adminOnly')}</Tag> : <Tag>{t('admin.features.everyone')}</Tag>,
    },
    {
      title: t('admin.features.enabled'),
      key: 'enabled',
      align: 'center',
      // Stays in view while a narrow screen scrolls the table sideways.
      fixed: 'right',
      render: (_, toggle) => {
        const saving = pending.findLast((v) => v?.id === toggle.id && v.payload.enabled !== undefined);
        return (
          <Switch
            aria-label={t('admin.features.enabledFor', { name: toggle.name })}
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
            title={t('admin.features.infoTitle')}
            description={
              <RichText
                text={t('admin.features.infoBody', { toggle: 'module.<id>' })}
                components={{ code: (s) => <Typography.Text code>{s}</Typography.Text> }}
              />
            }
          />
          {featuresQuery.isError ? (
            <QueryErrorAlert title={t('admin.features.loadFailed')} query={featuresQuery} />
          ) : null}
          <Table<FeatureToggle>
            aria-label={t('admin.features.label')}
            rowKey="id"
            columns={columns}
            dataSource={featuresQuery.data ?? []}
            loading={featuresQuery.isPending && !featuresQuery.isError}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            scroll={phone ? undefined : { x: 'max-content' }}
            locale={{ emptyText: featuresQuery.isError ? ' ' : <EmptyState description={t('admin.features.empty')} /> }}
          />
        </Flex>
      </Col>
      <Col xs={24} xxl={8}>
        <CreateFeatureToggleForm />
      </Col>
    </Row>
  );
}
