import { useId, useState } from 'react';
import { Alert, Button, Flex, InputNumber, Typography, theme } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { parseAmount, TRAVEL_LIMITS, type TravelPlan, type UpdateBudgetPayload } from '@aide/contracts';
import { AddCategoryDialog } from './AddCategoryDialog';
import {
  breakdownDiffers,
  budgetDraft,
  budgetPayload,
  budgetRowsSum,
  rowId,
  usdInputFormatter,
  usdInputParser,
  type BudgetRow,
} from './editorModel';
import { formatCurrency } from '@aide/i18n';
import { useT } from '../i18n';
import { budgetCategoryLabel } from './travelView';
import { EditorGroup, EditorModal, RemoveRowButton } from './EditorModal';

const amountProps = {
  min: 0,
  max: TRAVEL_LIMITS.amountMax,
  precision: 2,
  step: 10,
  formatter: usdInputFormatter,
  parser: usdInputParser,
  inputMode: 'decimal' as const,
  style: { width: '100%' },
};

export interface BudgetEditorProps {
  open: boolean;
  plan: TravelPlan | null;
  saving: boolean;
  onClose: () => void;
  onSave: (payload: UpdateBudgetPayload) => Promise<boolean>;
}

/** Spec §2/§5: the total budget and its breakdown in US dollars, with a warning while the two disagree. */
export function BudgetEditor({ open, plan, saving, onClose, onSave }: BudgetEditorProps) {
  const { token } = theme.useToken();
  const t = useT();
  const totalId = useId();
  const [total, setTotal] = useState(0);
  const [rows, setRows] = useState<BudgetRow[]>([]);
  const [adding, setAdding] = useState(false);

  // Filled from the plan when it opens, adjusted during render; only the opening counts: a refetch
  // while editing must not wipe the user's changes.
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open && plan) {
      const draft = budgetDraft(plan);
      setTotal(draft.total);
      setRows(draft.rows);
    }
  }

  const sum = budgetRowsSum(rows);
  const save = async () => {
    if (!plan || saving) return;
    if (await onSave(budgetPayload(total, rows))) onClose();
  };

  return (
    <EditorModal
      open={open}
      title={t('budgetEditor.title')}
      saving={saving}
      onSave={() => void save()}
      onClose={onClose}
      footerExtra={
        <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('budgetEditor.addCategory')}
        </Button>
      }
    >
      <Flex vertical gap={token.marginMD}>
        <div>
          <label htmlFor={totalId} className="aide-travel-label">
            {t('budgetEditor.total')}
          </label>
          <InputNumber<number>
            id={totalId}
            {...amountProps}
            value={total}
            onChange={(value) => setTotal(parseAmount(value ?? 0))}
            style={{ width: '100%', maxWidth: 280 }}
          />
        </div>

        <EditorGroup
          title={t('budgetEditor.breakdown')}
          extra={
            <Typography.Text type="secondary">
              {t('budgetEditor.breakdownTotal', { amount: formatCurrency(sum, 'USD') })}
            </Typography.Text>
          }
        >
          {rows.length ? (
            <ul className="aide-travel-editor-rows">
              {rows.map((row) => (
                <li key={row.id} className="aide-travel-editor-row aide-travel-budget-row">
                  <Typography.Text className="aide-travel-budget-label">
                    {budgetCategoryLabel(row.label)}
                  </Typography.Text>
                  <InputNumber<number>
                    {...amountProps}
                    aria-label={t('budgetEditor.amount', { label: budgetCategoryLabel(row.label) })}
                    value={row.amount}
                    onChange={(value) =>
                      setRows((current) =>
                        current.map((r) => (r.id === row.id ? { ...r, amount: parseAmount(value ?? 0) } : r)),
                      )
                    }
                  />
                  <RemoveRowButton
                    label={t('budgetEditor.remove', { label: budgetCategoryLabel(row.label) })}
                    onClick={() => setRows((current) => current.filter((r) => r.id !== row.id))}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <Typography.Text type="secondary" className="aide-travel-editor-empty">
              {t('budgetEditor.noCategories')}
            </Typography.Text>
          )}
        </EditorGroup>

        {breakdownDiffers(rows, total) ? (
          <Alert
            type="warning"
            showIcon
            title={t('budgetEditor.differs', {
              breakdown: formatCurrency(sum, 'USD'),
              total: formatCurrency(total, 'USD'),
            })}
          />
        ) : null}
      </Flex>
      <AddCategoryDialog
        open={adding}
        title={t('budgetEditor.addCategory')}
        placeholder={t('budgetEditor.categoryPlaceholder')}
        // Compared as shown: 'localTransport' is already 'Local Transport'.
        existing={rows.flatMap((row) => [row.key, row.label])}
        onAdd={(name) => setRows((current) => [...current, { id: rowId(), key: name, label: name, amount: 0 }])}
        onClose={() => setAdding(false)}
      />
    </EditorModal>
  );
}
