import { lazy, Suspense } from 'react';
import { Col, Flex, Progress, Row, Skeleton, Statistic, Typography, theme } from 'antd';
import { PieChartOutlined, WalletOutlined } from '@ant-design/icons';
import type { TravelPlan } from '@aide/contracts';
import { formatCurrency, formatDate, formatPercent } from '@aide/i18n';
import { EmptyState, EmptyText } from '@aide/ui';
import { useT } from '../i18n';
import { EditButton } from './EditButton';
import { FromEmailLink } from './FromEmailLink';
import { Section } from './OverviewTab';
import { budgetCategoryLabel, expensesView } from './travelView';

// recharts is the screen's largest dependency: it loads when a plan's Expenses tab first shows.
const BudgetChart = lazy(() => import('./BudgetChart'));

/** Spec §9: travel money is US dollars, written the reader's way ('$1,234.50', '1.234,50 $'). */
const usd = (amount: number) => formatCurrency(amount, 'USD');
const NONE = '—';

const expenseDate = (isoDate: string) =>
  formatDate(`${isoDate}T00:00:00Z`, {
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
  const t = useT();
  const view = expensesView(plan);
  const money = (value: number | null) => (value === null ? NONE : usd(value));
  const statStyles = { content: { fontSize: token.fontSizeHeading4, fontVariantNumeric: 'tabular-nums' as const } };
  const hasBudget = view.totalBudget !== null && view.totalBudget > 0;

  return (
    <Flex vertical gap={token.marginMD}>
      <Flex wrap justify="space-between" align="center" gap={token.marginXS}>
        <Typography.Title level={3} style={{ fontSize: token.fontSizeLG, margin: 0 }}>
          {t('expenses.title')}
        </Typography.Title>
        <Flex wrap gap={token.marginXS}>
          <EditButton plan={plan} onClick={onEditBudget} icon={<PieChartOutlined />}>
            {t('expenses.editBudget')}
          </EditButton>
          <EditButton plan={plan} onClick={onEditExpenses} icon={<WalletOutlined />}>
            {t('expenses.editExpenses')}
          </EditButton>
        </Flex>
      </Flex>

      <Row gutter={[token.marginSM, token.marginSM]} className="aide-travel-figures">
        <Col xs={12} md={6}>
          <Statistic
            title={view.estimated ? t('expenses.estimatedBudget') : t('expenses.totalBudget')}
            value={money(view.totalBudget)}
            styles={statStyles}
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('expenses.tracked')} value={usd(view.tracked)} styles={statStyles} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title={view.overBudget ? t('expenses.over') : t('expenses.remaining')}
            value={view.remaining === null ? NONE : usd(Math.abs(view.remaining))}
            styles={{ content: { ...statStyles.content, color: view.overBudget ? token.colorError : undefined } }}
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('expenses.daily')} value={money(view.dailyBudget)} styles={statStyles} />
        </Col>
      </Row>

      <div>
        <Flex justify="space-between" wrap gap={token.marginXS}>
          <Typography.Text id={`travel-progress-${plan.id}`}>{t('expenses.progress')}</Typography.Text>
          {hasBudget ? (
            <Typography.Text type={view.overBudget ? 'danger' : 'secondary'}>
              {t('expenses.progressText', { tracked: usd(view.tracked), budget: usd(view.totalBudget!) })}
            </Typography.Text>
          ) : null}
        </Flex>
        <Progress
          percent={view.percent}
          status={view.overBudget ? 'exception' : 'normal'}
          aria-labelledby={`travel-progress-${plan.id}`}
          format={(percent) => formatPercent((percent ?? 0) / 100)}
        />
        {!hasBudget || view.estimated ? (
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {view.estimated ? t('expenses.estimateNote') : t('expenses.noBudgetYet')}
          </Typography.Text>
        ) : null}
      </div>

      <div className="aide-travel-sections aide-travel-sections-wide">
        <Section icon={<PieChartOutlined />} title={t('expenses.breakdown')}>
          {view.breakdown.length ? (
            <dl className="aide-travel-amounts">
              {view.breakdown.map((row) => (
                <div key={row.key}>
                  <dt>{budgetCategoryLabel(row.label)}</dt>
                  <dd>{usd(row.amount)}</dd>
                </div>
              ))}
              <div className="aide-travel-amounts-total">
                <dt>{t('expenses.breakdownTotal')}</dt>
                <dd>{usd(view.breakdownTotal)}</dd>
              </div>
            </dl>
          ) : (
            <EmptyState description={<EmptyText title={t('messages.noBudget')} hint={t('expenses.noBudgetHint')} />} />
          )}
        </Section>

        <Section icon={<WalletOutlined />} title={t('expenses.actual')}>
          {view.actual.length ? (
            <Flex vertical gap={token.marginSM}>
              {view.actual.map((category) => (
                <div key={category.name} className="aide-travel-expense-category">
                  <Flex justify="space-between" gap={token.marginXS}>
                    <Typography.Text strong>{category.name}</Typography.Text>
                    <Typography.Text
                      strong
                      aria-label={t('expenses.categoryTotal', { name: category.name })}
                      className="aide-travel-amount"
                    >
                      {usd(category.total)}
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
                            {item.sourceEmailId ? <FromEmailLink emailId={item.sourceEmailId} /> : null}
                          </span>
                          <span className="aide-travel-amount">{usd(item.amount)}</span>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <Typography.Text type="secondary">{t('expenses.noItems')}</Typography.Text>
                  )}
                </div>
              ))}
            </Flex>
          ) : (
            <EmptyState
              description={<EmptyText title={t('expenses.noExpenses')} hint={t('expenses.noExpensesHint')} />}
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
