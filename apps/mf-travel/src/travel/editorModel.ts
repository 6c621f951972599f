/** The Expenses, Checklist and Budget editors' drafts and what Save sends (spec §5). Pure: no React. */
import {
  breakdownCategories,
  expensesTotal,
  localDate,
  parseAmount,
  roundCents,
  type TravelChecklist,
  type TravelPlan,
  type UpdateBudgetPayload,
  type UpdateChecklistPayload,
  type UpdateExpensesPayload,
} from '@aide/contracts';

let nextRowId = 0;
/** A stable React key for a row the user adds, removes and reorders around. */
export const rowId = () => `row-${++nextRowId}`;

// ---- Expenses ----

export interface ExpenseRow {
  id: string;
  description: string;
  /** As typed ('12.50', '$1,200'); parsed as a decimal, 0 when it is not a number (spec §5). */
  amount: string;
  date: string;
  /** Kept through an edit, so a booking's cost stays linked to its confirmation email. */
  sourceEmailId?: number;
}
export interface ExpenseCategoryDraft {
  id: string;
  name: string;
  items: ExpenseRow[];
}

export const expensesDraft = (expenses: TravelPlan['expenses'] | null | undefined): ExpenseCategoryDraft[] =>
  Object.entries(expenses?.categories ?? {}).map(([name, items]) => ({
    id: rowId(),
    name,
    items: items.map((item) => ({
      id: rowId(),
      description: item.description ?? '',
      amount: String(item.amount),
      date: item.date,
      ...(item.sourceEmailId ? { sourceEmailId: item.sourceEmailId } : {}),
    })),
  }));

/** Spec §5: a new expense item is an empty description, 0 and today. */
export const newExpenseRow = (today: string = localDate(new Date())): ExpenseRow => ({
  id: rowId(),
  description: '',
  amount: '0',
  date: today,
});

/** The draft's categories with amounts parsed. */
const parsedExpenses = (draft: readonly ExpenseCategoryDraft[]) =>
  Object.fromEntries(
    draft.map((category) => [
      category.name,
      category.items.map((item) => ({
        description: item.description.trim(),
        amount: roundCents(parseAmount(item.amount)),
        date: item.date,
        ...(item.sourceEmailId ? { sourceEmailId: item.sourceEmailId } : {}),
      })),
    ]),
  );

/** Spec §5: the total, recalculated from every item's amount on each edit. */
export const draftExpensesTotal = (draft: readonly ExpenseCategoryDraft[]) => expensesTotal(parsedExpenses(draft));

/** What Save sends: every category, its items parsed (an item left empty — no description, 0 — is dropped), and the recalculated total. */
export function expensesPayload(draft: readonly ExpenseCategoryDraft[]): UpdateExpensesPayload {
  const categories = Object.fromEntries(
    Object.entries(parsedExpenses(draft)).map(([name, items]) => [
      name,
      items.filter((item) => item.description || item.amount > 0),
    ]),
  );
  return { expenses: { total: expensesTotal(categories), categories } };
}

// ---- Checklist ----

export interface ChecklistRow {
  id: string;
  item: string;
  required: boolean;
  completed: boolean;
}
export interface ChecklistCategoryDraft {
  id: string;
  name: string;
  items: ChecklistRow[];
}

export const checklistDraft = (checklist: TravelChecklist | null | undefined): ChecklistCategoryDraft[] =>
  Object.entries(checklist ?? {}).map(([name, items]) => ({
    id: rowId(),
    name,
    items: items.map((item) => ({ id: rowId(), item: item.item, required: item.required, completed: item.completed })),
  }));

/** Spec §5: a new checklist item is neither completed nor required. */
export const newChecklistRow = (): ChecklistRow => ({ id: rowId(), item: '', required: false, completed: false });

/** What Save sends: blank items dropped, texts trimmed. */
export function checklistPayload(draft: readonly ChecklistCategoryDraft[]): UpdateChecklistPayload {
  return {
    checklist: Object.fromEntries(
      draft.map((category) => [
        category.name,
        category.items
          .filter((row) => row.item.trim())
          .map((row) => ({ item: row.item.trim(), required: row.required, completed: row.completed })),
      ]),
    ),
  };
}

// ---- Budget ----

export interface BudgetRow {
  id: string;
  /** The breakdown's key ('localTransport'); shown spaced ('Local Transport'). */
  key: string;
  label: string;
  amount: number;
}

/** The editor starts from the user's total, else the planner's estimate (saving makes it the user's). */
export const budgetDraft = (
  plan: Pick<TravelPlan, 'budget' | 'budgetBreakdown'> & Partial<Pick<TravelPlan, 'estimatedBudget'>>,
): { total: number; rows: BudgetRow[] } => ({
  total: plan.budget ?? plan.estimatedBudget ?? 0,
  rows: breakdownCategories(plan.budgetBreakdown).map((category) => ({ id: rowId(), ...category })),
});

export const budgetRowsSum = (rows: readonly BudgetRow[]) =>
  roundCents(rows.reduce((sum, row) => sum + parseAmount(row.amount), 0));

/** Spec §5: the warning shows whenever the breakdown's sum and the total differ (to the cent). */
export const breakdownDiffers = (rows: readonly BudgetRow[], total: number) =>
  budgetRowsSum(rows) !== roundCents(parseAmount(total));

export function budgetPayload(total: number, rows: readonly BudgetRow[]): UpdateBudgetPayload {
  return {
    budget: roundCents(parseAmount(total)),
    budgetBreakdown: Object.fromEntries(rows.map((row) => [row.key, roundCents(parseAmount(row.amount))])),
  };
}

/** The dollars input's display: '$ 1,234.5' (the budget editor formats money in US dollars, spec §9). */
export const usdInputFormatter = (value: number | string | undefined) => {
  if (value === undefined || value === '') return '';
  const [whole, fraction] = String(value).split('.');
  return `$ ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction !== undefined ? `.${fraction}` : ''}`;
};
export const usdInputParser = (value: string | undefined) => parseAmount(value ?? '');
