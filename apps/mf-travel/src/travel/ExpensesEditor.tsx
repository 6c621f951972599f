import { useState } from 'react';
import { Button, Input, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { parseAmount, roundCents, TRAVEL_LIMITS, type TravelPlan, type UpdateExpensesPayload } from '@aide/contracts';
import { AddCategoryDialog } from './AddCategoryDialog';
import {
  draftExpensesTotal,
  expensesDraft,
  expensesPayload,
  newExpenseRow,
  rowId,
  type ExpenseCategoryDraft,
  type ExpenseRow,
} from './editorModel';
import { formatCurrency } from '@aide/i18n';
import { DateStringPicker } from '@aide/ui';
import { useT } from '../i18n';
import { AddRowButton, EditorGroup, EditorModal, RemoveRowButton } from './EditorModal';

const ISO = 'YYYY-MM-DD';

export interface ExpensesEditorProps {
  open: boolean;
  plan: TravelPlan | null;
  saving: boolean;
  onClose: () => void;
  onSave: (payload: UpdateExpensesPayload) => Promise<boolean>;
}

/** Spec §2/§5: per category, items of description, amount ($, parsed as a decimal) and date; the total follows every edit. */
export function ExpensesEditor({ open, plan, saving, onClose, onSave }: ExpensesEditorProps) {
  const t = useT();
  const [draft, setDraft] = useState<ExpenseCategoryDraft[]>([]);
  const [adding, setAdding] = useState(false);

  // Filled from the plan when it opens, adjusted during render; only the opening counts: a refetch
  // while editing must not wipe the user's changes.
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open && plan) setDraft(expensesDraft(plan.expenses));
  }

  const changeCategory = (id: string, change: (items: ExpenseRow[]) => ExpenseRow[]) =>
    setDraft((current) =>
      current.map((category) => (category.id === id ? { ...category, items: change(category.items) } : category)),
    );
  const setField = (
    categoryId: string,
    rowIdToChange: string,
    field: 'description' | 'amount' | 'date',
    value: string,
  ) =>
    changeCategory(categoryId, (items) =>
      items.map((row) => (row.id === rowIdToChange ? { ...row, [field]: value } : row)),
    );

  const total = draftExpensesTotal(draft);

  const save = async () => {
    if (!plan || saving) return;
    if (await onSave(expensesPayload(draft))) onClose();
  };

  return (
    <EditorModal
      open={open}
      title={t('expensesEditor.title')}
      saving={saving}
      onSave={() => void save()}
      onClose={onClose}
      footerExtra={
        <>
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('editor.addCategory')}
          </Button>
          <Typography.Text strong aria-live="polite" data-testid="expenses-total">
            {t('expensesEditor.total', { amount: formatCurrency(total, 'USD') })}
          </Typography.Text>
        </>
      }
    >
      {draft.length ? null : (
        <Typography.Paragraph type="secondary">{t('expensesEditor.noCategories')}</Typography.Paragraph>
      )}
      {draft.map((category) => {
        const categoryTotal = roundCents(category.items.reduce((sum, row) => sum + parseAmount(row.amount), 0));
        return (
          <EditorGroup
            key={category.id}
            title={category.name}
            extra={<Typography.Text type="secondary">{formatCurrency(categoryTotal, 'USD')}</Typography.Text>}
            onRemove={() => setDraft((current) => current.filter((c) => c.id !== category.id))}
            removeLabel={t('editor.removeCategory', { name: category.name })}
          >
            {category.items.length ? (
              <ul className="aide-travel-editor-rows">
                {category.items.map((row, index) => (
                  <li key={row.id} className="aide-travel-editor-row aide-travel-expense-row">
                    <Input
                      aria-label={t('expensesEditor.descriptionField', { category: category.name, n: index + 1 })}
                      placeholder={t('expensesEditor.descriptionPlaceholder')}
                      value={row.description}
                      maxLength={TRAVEL_LIMITS.nameMax}
                      onChange={(event) => setField(category.id, row.id, 'description', event.target.value)}
                    />
                    <Input
                      className="aide-travel-amount-input"
                      aria-label={t('expensesEditor.amountField', { category: category.name, n: index + 1 })}
                      prefix="$"
                      inputMode="decimal"
                      value={row.amount}
                      onChange={(event) => setField(category.id, row.id, 'amount', event.target.value)}
                    />
                    <DateStringPicker
                      className="aide-travel-date-input"
                      aria-label={t('expensesEditor.dateField', { category: category.name, n: index + 1 })}
                      value={row.date}
                      valueFormat={ISO}
                      format={ISO}
                      allowClear={false}
                      onChange={(date) => date && setField(category.id, row.id, 'date', date.format(ISO))}
                    />
                    <RemoveRowButton
                      label={t('expensesEditor.remove', { category: category.name, n: index + 1 })}
                      onClick={() => changeCategory(category.id, (items) => items.filter((r) => r.id !== row.id))}
                    />
                  </li>
                ))}
              </ul>
            ) : (
              <Typography.Text type="secondary" className="aide-travel-editor-empty">
                {t('expensesEditor.noItems')}
              </Typography.Text>
            )}
            <AddRowButton
              onClick={() =>
                changeCategory(category.id, (items) =>
                  items.length >= TRAVEL_LIMITS.itemsPerCategoryMax ? items : [...items, newExpenseRow()],
                )
              }
            >
              {t('editor.addItem')}
            </AddRowButton>
          </EditorGroup>
        );
      })}
      <AddCategoryDialog
        open={adding}
        placeholder={t('expensesEditor.categoryPlaceholder')}
        existing={draft.map((category) => category.name)}
        onAdd={(name) => setDraft((current) => [...current, { id: rowId(), name, items: [] }])}
        onClose={() => setAdding(false)}
      />
    </EditorModal>
  );
}
