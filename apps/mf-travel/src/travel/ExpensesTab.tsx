import { lazy, Suspense } from 'react';
import { Col, Flex, Progress, Row, Skeleton, Statistic, Typography, theme } from 'antd';
import { PieChartOutlined, WalletOutlined } from '@ant-design/icons';
import { formatUsd, TRAVEL_MESSAGES, type TravelPlan } from '@aide/contracts';
import { EmptyState, EmptyText } from '@aide/ui';
import { EditButton } from './EditButton';
import { Section } from './OverviewTab';
import { expensesView } from './travelView';

// recharts is the screen's largest dependency: it loads when a plan's Expenses tab first shows.
const BudgetChart = lazy(() => import('./BudgetChart'));

export const EXPENSES_TEXT = {
  title: 'Budget & Expenses',
  editBudget: 'Edit Budget',
  editExpenses: 'Edit Expenses',
  totalBudget: 'Total Budget',
  tracked: 'Tracked Expenses',
  remaining: 'Remaining',
  over: 'Over Budget',
  daily: 'Estimated Daily Budget',
  none: '—',
  progress: 'Tracked expenses against budget',
  progressText: (tracked: string, budget: string) => `${tracked} of ${budget}`,
  noBudgetYet: 'Set a total budget with Edit Budget to follow spending against it.',
  breakdown: 'Budget Breakdown',
  breakdownTotal: 'Breakdown total',
  noBudgetHint: 'Split the budget into categories with Edit Budget.',
  actual: 'Actual Expenses',
  noExpenses: 'No expenses tracked yet',
  noExpensesHint: 'Record what you spend with Edit Expenses.',
  categoryTotal: (name: string) => `${name} total`,
  noItems: 'No items',
} as const;

const expenseDate = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Spec §2: total budget, the breakdown, the daily estimate, actual expenses, tracked against budget; and the chart. */
export function ExpensesTab({
  plan,
  onEditBudget,
  onEditExpenses,
}: {
  plan: TravelPlan;
  onEditBudget: () => void;
  onEditExpenses: () => void;
}) {
  const { token } = theme.useToken();
  const view = expensesView(plan);
  const money = (value: number | null) => (value === null ? EXPENSES_TEXT.none : formatUsd(value));
  const statStyles = { content: { fontSize: token.fontSizeHeading4, fontVariantNumeric: 'tabular-nums' as const } };
  const hasBudget = view.totalBudget !== null && view.totalBudget > 0;

  return (
    <Flex vertical gap={token.marginMD}>
      <Flex wrap justify="space-between" align="center" gap={token.marginXS}>
        <Typography.Title level={3} style={{ fontSize: token.fontSizeLG, margin: 0 }}>
          {EXPENSES_TEXT.title}
        </Typography.Title>
        <Flex wrap gap={token.marginXS}>
          <EditButton plan={plan} onClick={onEditBudget} icon={<PieChartOutlined />}>
            {EXPENSES_TEXT.editBudget}
          </EditButton>
          <EditButton plan={plan} onClick={onEditExpenses} icon={<WalletOutlined />}>
            {EXPENSES_TEXT.editExpenses}
          </EditButton>
        </Flex>
      </Flex>

      <Row gutter={[token.marginSM, token.marginSM]} className="aide-travel-figures">
        <Col xs={12} md={6}>
          <Statistic title={EXPENSES_TEXT.totalBudget} value={money(view.totalBudget)} styles={statStyles} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={EXPENSES_TEXT.tracked} value={formatUsd(view.tracked)} styles={statStyles} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title={view.overBudget ? EXPENSES_TEXT.over : EXPENSES_TEXT.remaining}
            value={view.remaining === null ? EXPENSES_TEXT.none : formatUsd(Math.abs(view.remaining))}
            styles={{ content: { ...statStyles.content, color: view.overBudget ? token.colorError : undefined } }}
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={EXPENSES_TEXT.daily} value={money(view.dailyBudget)} styles={statStyles} />
        </Col>
      </Row>

      <div>
        <Flex justify="space-between" wrap gap={token.marginXS}>
          <Typography.Text id={`travel-progress-${plan.id}`}>{EXPENSES_TEXT.progress}</Typography.Text>
          {hasBudget ? (
            <Typography.Text type={view.overBudget ? 'danger' : 'secondary'}>
              {EXPENSES_TEXT.progressText(formatUsd(view.tracked), formatUsd(view.totalBudget!))}
            </Typography.Text>
          ) : null}
        </Flex>
        <Progress
          percent={view.percent}
          status={view.overBudget ? 'exception' : 'normal'}
          aria-labelledby={`travel-progress-${plan.id}`}
          format={(percent) => `${percent}%`}
        />
        {!hasBudget ? (
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {EXPENSES_TEXT.noBudgetYet}
          </Typography.Text>
        ) : null}
      </div>

      <div className="aide-travel-sections aide-travel-sections-wide">
        <Section icon={<PieChartOutlined />} title={EXPENSES_TEXT.breakdown}>
          {view.breakdown.length ? (
            <dl className="aide-travel-amounts">
              {view.breakdown.map((row) => (
                <div key={row.key}>
                  <dt>{row.label}</dt>
                  <dd>{formatUsd(row.amount)}</dd>
                </div>
              ))}
              <div className="aide-travel-amounts-total">
                <dt>{EXPENSES_TEXT.breakdownTotal}</dt>
                <dd>{formatUsd(view.breakdownTotal)}</dd>
              </div>
            </dl>
          ) : (
            <EmptyState
              description={<EmptyText title={TRAVEL_MESSAGES.noBudget} hint={EXPENSES_TEXT.noBudgetHint} />}
            />
          )}
        </Section>

        <Section icon={<WalletOutlined />} title={EXPENSES_TEXT.actual}>
          {view.actual.length ? (
            <Flex vertical gap={token.marginSM}>
              {view.actual.map((category) => (
                <div key={category.name} className="aide-travel-expense-category">
                  <Flex justify="space-between" gap={token.marginXS}>
                    <Typography.Text strong>{category.name}</Typography.Text>
                    <Typography.Text
                      strong
                      aria-label={EXPENSES_TEXT.categoryTotal(category.name)}
                      className="aide-travel-amount"
                    >
                      {formatUsd(category.total)}
                    </Typography.Text>
                  </Flex>
                  {category.items.length ? (
                    <ul className="aide-travel-list aide-travel-expenses">
                      {category.items.map((item, index) => (
                        <li key={index}>
                          <span className="aide-travel-expense-text">
                            {item.description || <Typography.Text type="secondary">—</Typography.Text>}
                            <Typography.Text type="secondary" className="aide-travel-expense-date">
                              <time dateTime={item.date}>{expenseDate(item.date)}</time>
                            </Typography.Text>
                          </span>
                          <span className="aide-travel-amount">{formatUsd(item.amount)}</span>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <Typography.Text type="secondary">{EXPENSES_TEXT.noItems}</Typography.Text>
                  )}
                </div>
              ))}
            </Flex>
          ) : (
            <EmptyState
              description={<EmptyText title={EXPENSES_TEXT.noExpenses} hint={EXPENSES_TEXT.noExpensesHint} />}
            />
          )}
        </Section>
      </div>

      {view.chart.length ? (
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 240 }} />}>
          <BudgetChart rows={view.chart} />
        </Suspense>
      ) : null}
    </Flex>
  );
}
