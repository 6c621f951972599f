import { useState, type ReactNode } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Input,
  Popconfirm,
  Popover,
  Progress,
  Segmented,
  Select,
  Skeleton,
  Table,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import { AimOutlined, DeleteOutlined, FileTextOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { AnalyticsBreakdown as Breakdown, AnalyticsPeriod, WebsiteGoalKind } from '@aide/contracts';
import { failureReason } from '@aide/api-client';
import { useAddGoal, useAnalyticsBreakdown, useRemoveGoal } from './useAnalyticsBreakdown';
import { formatCount } from './websiteView';
import { messageText, useT } from '../i18n';

type Row<K extends keyof Breakdown> = Breakdown[K] extends (infer R)[] ? R : never;

/** A count with a thin bar showing its share of the largest row, as Plausible's lists do. */
function Share({ value, max }: { value: number; max: number }) {
  return (
    <Flex vertical gap={2} className="aide-website-share">
      <span className="aide-website-number">{formatCount(value)}</span>
      <Progress percent={max ? (value * 100) / max : 0} status="normal" showInfo={false} size={{ height: 4 }} />
    </Flex>
  );
}

/** An empty list's hint: what the person does to fill it. */
function Hint({ children }: { children: ReactNode }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={children} className="aide-website-breakdown-empty" />;
}

function GoalForm({ websiteId, onDone }: { websiteId: number; onDone: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const add = useAddGoal(websiteId);
  const [form] = Form.useForm<{ kind: WebsiteGoalKind; match: string }>();
  const kind = Form.useWatch('kind', form) ?? 'page';
  return (
    <Form
      form={form}
      layout="vertical"
      size="small"
      initialValues={{ kind: 'page', match: '' }}
      style={{ width: 280 }}
      onFinish={(values) =>
        add.mutate(values, {
          onSuccess: () => {
            form.resetFields();
            onDone();
          },
          onError: (error) => void message.error(messageText(failureReason(error))),
        })
      }
    >
      <Form.Item name="kind" label={t('breakdown.goalKind')}>
        <Select
          options={[
            { value: 'page', label: t('breakdown.goalPage') },
            { value: 'event', label: t('breakdown.goalEvent') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="match"
        label={kind === 'page' ? t('breakdown.goalPath') : t('breakdown.goalEventName')}
        extra={kind === 'page' ? t('breakdown.goalPathHint') : t('breakdown.goalEventHint')}
        rules={[{ required: true, whitespace: true, message: t('breakdown.goalRequired') }]}
      >
        <Input placeholder={kind === 'page' ? '/thank-you' : 'signup'} autoFocus />
      </Form.Item>
      <Flex justify="end">
        <Button type="primary" htmlType="submit" loading={add.isPending}>
          {t('breakdown.addGoal')}
        </Button>
      </Flex>
    </Form>
  );
}

/** Issue 27: Top sources, Top pages, Campaigns and Goals over the last 7 or 30 days, under the chart. */
export default function AnalyticsBreakdown({ websiteId }: { websiteId: number }) {
  const t = useT();
  const { token } = theme.useToken();
  const [period, setPeriod] = useState<AnalyticsPeriod>('30d');
  const [adding, setAdding] = useState(false);
  const query = useAnalyticsBreakdown(websiteId, period);
  const remove = useRemoveGoal(websiteId);
  const data = query.data;

  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError || !data)
    return (
      <Alert
        type="warning"
        showIcon
        title={t('breakdown.failed')}
        description={messageText(failureReason(query.error))}
      />
    );

  const maxSource = Math.max(0, ...data.sources.map((row) => row.visitors));
  const maxPage = Math.max(0, ...data.pages.map((row) => row.visitors));
  const visitorsColumn = t('breakdown.visitors');
  const tableProps = { size: 'small', pagination: false, tableLayout: 'fixed' } as const;

  return (
    <Flex vertical gap={token.marginMD} data-testid="analytics-breakdown">
      <Flex justify="space-between" align="center" wrap gap={token.marginSM}>
        <Typography.Text type="secondary">
          {t('breakdown.range', { from: data.from, to: data.to, visitors: formatCount(data.visitors) })}
        </Typography.Text>
        <Segmented<AnalyticsPeriod>
          value={period}
          onChange={setPeriod}
          aria-label={t('breakdown.period')}
          options={[
            { value: '7d', label: t('breakdown.last7') },
            { value: '30d', label: t('breakdown.last30') },
          ]}
        />
      </Flex>
      <div className="aide-website-breakdown">
        <Card size="small" title={t('breakdown.sources')}>
          {data.sources.length ? (
            <Table<Row<'sources'>>
              {...tableProps}
              rowKey={(row) => row.source ?? ''}
              dataSource={data.sources}
              columns={[
                {
                  title: t('breakdown.source'),
                  dataIndex: 'source',
                  ellipsis: true,
                  render: (source: string | null) =>
                    source ?? <Typography.Text type="secondary">{t('breakdown.direct')}</Typography.Text>,
                },
                {
                  title: visitorsColumn,
                  dataIndex: 'visitors',
                  width: 110,
                  render: (value: number) => <Share value={value} max={maxSource} />,
                },
              ]}
            />
          ) : (
            <Hint>{t('breakdown.noSources')}</Hint>
          )}
        </Card>

        <Card size="small" title={t('breakdown.pages')}>
          {data.pages.length ? (
            <Table<Row<'pages'>>
              {...tableProps}
              rowKey="path"
              dataSource={data.pages}
              columns={[
                { title: t('breakdown.page'), dataIndex: 'path', ellipsis: { showTitle: true } },
                {
                  title: visitorsColumn,
                  dataIndex: 'visitors',
                  width: 110,
                  render: (value: number) => <Share value={value} max={maxPage} />,
                },
                {
                  title: t('breakdown.views'),
                  dataIndex: 'views',
                  width: 80,
                  align: 'right',
                  render: (value: number) => <span className="aide-website-number">{formatCount(value)}</span>,
                },
              ]}
            />
          ) : (
            <Hint>{t('breakdown.noPages')}</Hint>
          )}
        </Card>

        <Card size="small" title={t('breakdown.campaigns')}>
          {data.campaigns.length ? (
            <Table<Row<'campaigns'>>
              {...tableProps}
              rowKey={(row) => `${row.campaign}\u0000${row.source ?? ''}\u0000${row.medium ?? ''}`}
              dataSource={data.campaigns}
              columns={[
                { title: t('breakdown.campaign'), dataIndex: 'campaign', ellipsis: true },
                {
                  title: t('breakdown.source'),
                  dataIndex: 'source',
                  ellipsis: true,
                  render: (value: string | null) => value ?? '—',
                },
                {
                  title: t('breakdown.medium'),
                  dataIndex: 'medium',
                  ellipsis: true,
                  render: (value: string | null) => (value ? <Tag>{value}</Tag> : '—'),
                },
                {
                  title: visitorsColumn,
                  dataIndex: 'visitors',
                  width: 80,
                  align: 'right',
                  render: (value: number) => <span className="aide-website-number">{formatCount(value)}</span>,
                },
              ]}
            />
          ) : (
            <Hint>{t('breakdown.noCampaigns')}</Hint>
          )}
        </Card>

        <Card
          size="small"
          title={t('breakdown.goals')}
          extra={
            <Popover
              trigger="click"
              open={adding}
              onOpenChange={setAdding}
              placement="bottomRight"
              title={t('breakdown.addGoalTitle')}
              content={<GoalForm websiteId={websiteId} onDone={() => setAdding(false)} />}
            >
              <Button size="small" type="text" icon={<PlusOutlined />}>
                {t('breakdown.addGoal')}
              </Button>
            </Popover>
          }
        >
          {data.goals.length ? (
            <Table<Row<'goals'>>
              {...tableProps}
              rowKey="id"
              dataSource={data.goals}
              columns={[
                {
                  title: t('breakdown.goal'),
                  dataIndex: 'match',
                  ellipsis: true,
                  render: (match: string, goal) => (
                    <Flex gap={6} align="center">
                      <Tooltip title={goal.kind === 'page' ? t('breakdown.goalPage') : t('breakdown.goalEvent')}>
                        {goal.kind === 'page' ? <FileTextOutlined /> : <ThunderboltOutlined />}
                      </Tooltip>
                      <span>{match}</span>
                    </Flex>
                  ),
                },
                {
                  title: t('breakdown.conversions'),
                  dataIndex: 'conversions',
                  width: 120,
                  align: 'right',
                  render: (value: number) => <span className="aide-website-number">{formatCount(value)}</span>,
                },
                {
                  title: t('breakdown.rate'),
                  dataIndex: 'conversionRate',
                  width: 70,
                  align: 'right',
                  render: (value: number) => <span className="aide-website-number">{value}%</span>,
                },
                {
                  key: 'remove',
                  width: 40,
                  render: (_value, goal) => (
                    <Popconfirm
                      title={t('breakdown.removeGoal', { goal: goal.match })}
                      okText={t('breakdown.remove')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => remove.mutateAsync(goal.id)}
                    >
                      <Button
                        size="small"
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={t('breakdown.removeGoal', { goal: goal.match })}
                      />
                    </Popconfirm>
                  ),
                },
              ]}
            />
          ) : (
            <Empty
              image={<AimOutlined style={{ fontSize: 28, color: token.colorTextQuaternary }} />}
              styles={{ image: { height: 32 } }}
              description={t('breakdown.noGoals')}
              className="aide-website-breakdown-empty"
            />
          )}
        </Card>
      </div>
    </Flex>
  );
}
