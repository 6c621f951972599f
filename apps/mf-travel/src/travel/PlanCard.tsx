import type { ReactNode } from 'react';
import { Alert, Button, Card, Flex, Progress, Tabs, Tag, Tooltip, Typography, theme } from 'antd';
import {
  CalendarOutlined,
  CheckCircleOutlined,
  ClockCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  FlagOutlined,
  RedoOutlined,
  RollbackOutlined,
  SyncOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { tripLength, type TravelPlan, type TravelStatus } from '@aide/contracts';
import { formatCurrency } from '@aide/i18n';
import { useT } from '../i18n';
import { ChecklistTab } from './ChecklistTab';
import { ExpensesTab } from './ExpensesTab';
import { ItineraryTab } from './ItineraryTab';
import { OverviewTab } from './OverviewTab';
import { dateRange, daysText, isGenerating, statusLabel } from './travelView';

export type PlanAction =
  | 'edit'
  | 'delete'
  | 'book'
  | 'unbook'
  | 'regenerate'
  | 'editItinerary'
  | 'editBudget'
  | 'editExpenses'
  | 'editChecklist';

const STATUS_TAGS: Record<TravelStatus, { color: string; icon: ReactNode }> = {
  planning: { color: 'processing', icon: <EditOutlined /> },
  booked: { color: 'success', icon: <CheckCircleOutlined /> },
  ongoing: { color: 'warning', icon: <FlagOutlined /> },
  completed: { color: 'default', icon: <ClockCircleOutlined /> },
};

export function StatusTag({ status }: { status: TravelStatus }) {
  useT(); // renders again in a new language
  const { color, icon } = STATUS_TAGS[status];
  return (
    <Tag color={color} icon={icon} style={{ marginInlineEnd: 0 }} data-status={status}>
      {statusLabel(status)}
    </Tag>
  );
}

export interface PlanCardProps {
  plan: TravelPlan;
  /** A call for this plan is running (its buttons wait). */
  busy?: boolean;
  onAction: (action: PlanAction) => void;
  onToggleItem: (category: string, itemIndex: number, completed: boolean) => void;
}

/** One plan: destination, dates, budget and status; its actions; the generation's progress; the four tabs. */
export function PlanCard({ plan, busy = false, onAction, onToggleItem }: PlanCardProps) {
  const { token } = theme.useToken();
  const t = useT();
  const generating = isGenerating(plan);
  const failed = plan.generation.status === 'failed';
  const headingId = `travel-plan-${plan.id}`;
  const days = tripLength(plan.startDate, plan.endDate);
  const statusChangeable = plan.status === 'planning' || plan.status === 'booked';

  const regenerateButton = (size: 'small' | 'middle') => {
    const button = (
      <Button size={size} icon={<RedoOutlined />} disabled={generating || busy} onClick={() => onAction('regenerate')}>
        {t('card.regenerate')}
      </Button>
    );
    return generating ? <Tooltip title={t('card.regenerateWhileRunning')}>{button}</Tooltip> : button;
  };

  return (
    <article aria-labelledby={headingId} data-testid={`plan-${plan.id}`} className="aide-travel-card-frame">
      <Card
        className="aide-travel-card"
        styles={{ body: { display: 'flex', flexDirection: 'column', gap: token.marginSM, padding: token.padding } }}
      >
        <Flex wrap justify="space-between" align="flex-start" gap={token.marginSM}>
          <Flex vertical gap={token.marginXXS} style={{ minWidth: 0, flex: '1 1 260px' }}>
            <Flex wrap align="center" gap={token.marginXS}>
              <Typography.Title
                id={headingId}
                level={2}
                className="aide-travel-destination"
                style={{ margin: 0, fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4 }}
              >
                {plan.destination}
              </Typography.Title>
              <StatusTag status={plan.status} />
            </Flex>
            <Flex wrap gap={`${token.marginXXS}px ${token.marginMD}px`} className="aide-travel-facts">
              <Typography.Text type="secondary">
                <CalendarOutlined aria-hidden />{' '}
                <time dateTime={plan.startDate}>{dateRange(plan.startDate, plan.endDate)}</time> · {daysText(days)}
              </Typography.Text>
              <Typography.Text type="secondary">
                <WalletOutlined aria-hidden /> {t('card.budgetLabel')}{' '}
                <Typography.Text strong className="aide-travel-amount" data-testid="plan-budget">
                  {plan.budget !== null
                    ? formatCurrency(plan.budget, 'USD')
                    : plan.estimatedBudget !== null
                      ? t('card.estimatedBudget', { amount: formatCurrency(plan.estimatedBudget, 'USD') })
                      : t('card.noBudget')}
                </Typography.Text>
              </Typography.Text>
              <Typography.Text type="secondary">
                <TeamOutlined aria-hidden /> {t('overview.travellers', { count: plan.preferences.groupSize })}
              </Typography.Text>
            </Flex>
          </Flex>
          <Flex wrap gap={token.marginXS} className="aide-travel-actions">
            {statusChangeable ? (
              plan.status === 'planning' ? (
                <Button icon={<CheckCircleOutlined />} disabled={busy} onClick={() => onAction('book')}>
                  {t('card.book')}
                </Button>
              ) : (
                <Button icon={<RollbackOutlined />} disabled={busy} onClick={() => onAction('unbook')}>
                  {t('card.unbook')}
                </Button>
              )
            ) : null}
            {plan.editable && !failed ? regenerateButton('middle') : null}
            {plan.editable ? (
              <>
                <Button icon={<EditOutlined />} disabled={busy} onClick={() => onAction('edit')}>
                  {t('card.edit')}
                </Button>
                <Button danger icon={<DeleteOutlined />} disabled={busy} onClick={() => onAction('delete')}>
                  {t('card.delete')}
                </Button>
              </>
            ) : null}
          </Flex>
        </Flex>

        {plan.status === 'booked' ? (
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {t('card.bookedHint')}
          </Typography.Text>
        ) : null}

        {generating ? (
          <div role="status" aria-live="polite" className="aide-travel-generation">
            <Flex justify="space-between" gap={token.marginXS}>
              <Typography.Text>
                <SyncOutlined spin aria-hidden /> {t('card.preparing')}
              </Typography.Text>
              <Typography.Text type="secondary">
                {plan.generation.stage ?? (plan.generation.status === 'pending' ? t('card.waiting') : '')}
              </Typography.Text>
            </Flex>
            <Progress
              percent={Math.max(0, Math.min(100, Math.round(plan.generation.progress)))}
              size="small"
              status="active"
              aria-label={t('card.progress', { destination: plan.destination })}
            />
          </div>
        ) : null}

        {failed ? (
          <Flex vertical align="flex-start" gap={token.marginXS}>
            <Alert
              type="error"
              showIcon
              title={t('card.failed')}
              description={plan.generation.error ?? undefined}
              style={{ width: '100%' }}
            />
            {plan.editable ? regenerateButton('small') : null}
          </Flex>
        ) : null}

        <Tabs
          size="small"
          tabBarGutter={token.marginLG}
          items={[
            { key: 'overview', label: t('card.tabs.overview'), children: <OverviewTab plan={plan} /> },
            {
              key: 'itinerary',
              label: t('card.tabs.itinerary'),
              children: <ItineraryTab plan={plan} onEdit={() => onAction('editItinerary')} />,
            },
            {
              key: 'expenses',
              label: t('card.tabs.expenses'),
              children: (
                <ExpensesTab
                  plan={plan}
                  onEditBudget={() => onAction('editBudget')}
                  onEditExpenses={() => onAction('editExpenses')}
                />
              ),
            },
            {
              key: 'checklist',
              label: t('card.tabs.checklist'),
              children: <ChecklistTab plan={plan} onEdit={() => onAction('editChecklist')} onToggle={onToggleItem} />,
            },
          ]}
        />
      </Card>
    </article>
  );
}
