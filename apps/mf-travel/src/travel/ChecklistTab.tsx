import { Checkbox, Flex, Progress, Tag, Typography, theme } from 'antd';
import { CheckSquareOutlined } from '@ant-design/icons';
import type { TravelPlan } from '@aide/contracts';
import { EmptyState, EmptyText } from '@aide/ui';
import { useT } from '../i18n';
import { EditButton } from './EditButton';
import { checklistView, isGenerating } from './travelView';

export interface ChecklistTabProps {
  plan: TravelPlan;
  onEdit: () => void;
  /** Clicking an item toggles its completed mark (spec §2, §4). */
  onToggle: (category: string, itemIndex: number, completed: boolean) => void;
}

/** Spec §2: categories of items with required and completed marks, each with its percent done. */
export function ChecklistTab({ plan, onEdit, onToggle }: ChecklistTabProps) {
  const { token } = theme.useToken();
  const t = useT();
  const view = checklistView(plan);
  const generating = isGenerating(plan);

  return (
    <Flex vertical gap={token.marginMD}>
      <Flex wrap justify="space-between" align="center" gap={token.marginXS}>
        <Flex wrap align="baseline" gap={token.marginXS}>
          <Typography.Title level={3} style={{ fontSize: token.fontSizeLG, margin: 0 }}>
            {t('checklist.title')}
          </Typography.Title>
          {view.total ? (
            <Typography.Text type="secondary">
              {t('checklist.done', { done: view.done, total: view.total })}
            </Typography.Text>
          ) : null}
        </Flex>
        <EditButton plan={plan} onClick={onEdit} icon={<CheckSquareOutlined />}>
          {t('checklist.edit')}
        </EditButton>
      </Flex>

      {view.categories.length ? (
        <div className="aide-travel-sections">
          {view.categories.map((category) => {
            const headingId = `travel-${plan.id}-checklist-${category.name.replace(/\W+/g, '-')}`;
            return (
              <section key={category.name} className="aide-travel-section" aria-labelledby={headingId}>
                <Flex justify="space-between" align="center" gap={token.marginXS}>
                  <Typography.Title level={4} id={headingId} style={{ fontSize: token.fontSize, margin: 0 }}>
                    {category.name}
                  </Typography.Title>
                  <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                    {t('checklist.done', { done: category.done, total: category.items.length })}
                  </Typography.Text>
                </Flex>
                <Progress
                  percent={category.percent}
                  size="small"
                  status={category.percent === 100 ? 'success' : 'normal'}
                  aria-label={t('checklist.categoryProgress', { name: category.name })}
                />
                <ul className="aide-travel-checklist">
                  {category.items.map((item, index) => (
                    <li key={index}>
                      <Checkbox
                        checked={item.completed}
                        disabled={generating}
                        onChange={(event) => onToggle(category.name, index, event.target.checked)}
                        className={item.completed ? 'aide-travel-check-done' : undefined}
                      >
                        <span className="aide-travel-check-text">{item.item}</span>
                        {item.required ? (
                          <Tag
                            color="red"
                            variant="outlined"
                            style={{ marginInlineStart: token.marginXS, marginInlineEnd: 0 }}
                          >
                            {t('checklist.required')}
                          </Tag>
                        ) : null}
                      </Checkbox>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      ) : (
        <EmptyState
          description={
            <EmptyText
              title={t('checklist.empty')}
              hint={generating ? t('checklist.preparingHint') : t('checklist.emptyHint')}
            />
          }
        />
      )}
    </Flex>
  );
}
