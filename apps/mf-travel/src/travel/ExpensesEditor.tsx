import { useState } from 'react';
import { Button, DatePicker, Input, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import {
  formatUsd,
  parseAmount,
  roundCents,
  TRAVEL_LIMITS,
  type TravelPlan,
  type UpdateExpensesPayload,
} from '@aide/contracts';
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
import { AddRowButton, EDITOR_TEXT, EditorGroup, EditorModal, RemoveRowButton } from './EditorModal';

export const EXPENSES_EDITOR_TEXT = {
  title: 'Edit Expenses',
  description: 'Description',
  descriptionPlaceholder: 'e.g. Hotel deposit',
  amount: 'Amount',
  date: 'Date',
  total: 'Total',
  categoryPlaceholder: 'e.g. Food',
  noCategories: 'No expense categories yet: add one to start tracking what you spend.',
  noItems: 'No items yet',
  field: (field: string, category: string, index: number) => `${field}, ${category} item ${index + 1}`,
  remove: (category: string, index: number) => `Remove ${category} item ${index + 1}`,
} as const;

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
      title={EXPENSES_EDITOR_TEXT.title}
      saving={saving}
      onSave={() => void save()}
      onClose={onClose}
      footerExtra={
        <>
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {EDITOR_TEXT.addCategory}
          </Button>
          <Typography.Text strong aria-live="polite" data-testid="expenses-total">
            {EXPENSES_EDITOR_TEXT.total}: {formatUsd(total)}
          </Typography.Text>
        </>
      }
    >
      {draft.length ? null : (
        <Typography.Paragraph type="secondary">{EXPENSES_EDITOR_TEXT.noCategories}</Typography.Paragraph>
      )}
      {draft.map((category) => {
        const categoryTotal = roundCents(category.items.reduce((sum, row) => sum + parseAmount(row.amount), 0));
        return (
          <EditorGroup
            key={category.id}
            title={category.name}
            extra={<Typography.Text type="secondary">{formatUsd(categoryTotal)}</Typography.Text>}
            onRemove={() => setDraft((current) => current.filter((c) => c.id !== category.id))}
            removeLabel={EDITOR_TEXT.removeCategory(category.name)}
          >
            {category.items.length ? (
              <ul className="aide-travel-editor-rows">
                {category.items.map((row, index) => (
                  <li key={row.id} className="aide-travel-editor-row aide-travel-expense-row">
                    <Input
                      aria-label={EXPENSES_EDITOR_TEXT.field(EXPENSES_EDITOR_TEXT.description, category.name, index)}
                      placeholder={EXPENSES_EDITOR_TEXT.descriptionPlaceholder}
                      value={row.description}
                      maxLength={TRAVEL_LIMITS.nameMax}
                      onChange={(event) => setField(category.id, row.id, 'description', event.target.value)}
                    />
                    <Input
                      className="aide-travel-amount-input"
                      aria-label={EXPENSES_EDITOR_TEXT.field(EXPENSES_EDITOR_TEXT.amount, category.name, index)}
                      prefix="$"
                      inputMode="decimal"
                      value={row.amount}
                      onChange={(event) => setField(category.id, row.id, 'amount', event.target.value)}
                    />
                    <DatePicker
                      className="aide-travel-date-input"
                      aria-label={EXPENSES_EDITOR_TEXT.field(EXPENSES_EDITOR_TEXT.date, category.name, index)}
                      value={dayjs(row.date, ISO)}
                      format={ISO}
                      allowClear={false}
                      onChange={(date) => date && setField(category.id, row.id, 'date', date.format(ISO))}
                    />
                    <RemoveRowButton
                      label={EXPENSES_EDITOR_TEXT.remove(category.name, index)}
                      onClick={() => changeCategory(category.id, (items) => items.filter((r) => r.id !== row.id))}
                    />
                  </li>
                ))}
              </ul>
            ) : (
              <Typography.Text type="secondary" className="aide-travel-editor-empty">
                {EXPENSES_EDITOR_TEXT.noItems}
              </Typography.Text>
            )}
            <AddRowButton
              onClick={() =>
                changeCategory(category.id, (items) =>
                  items.length >= TRAVEL_LIMITS.itemsPerCategoryMax ? items : [...items, newExpenseRow()],
                )
              }
            >
              {EDITOR_TEXT.addItem}
            </AddRowButton>
          </EditorGroup>
        );
      })}
      <AddCategoryDialog
        open={adding}
        placeholder={EXPENSES_EDITOR_TEXT.categoryPlaceholder}
        existing={draft.map((category) => category.name)}
        onAdd={(name) => setDraft((current) => [...current, { id: rowId(), name, items: [] }])}
        onClose={() => setAdding(false)}
      />
    </EditorModal>
  );
}
