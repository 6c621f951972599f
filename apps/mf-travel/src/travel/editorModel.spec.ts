import { aPlan } from '../../test/factories';
import {
  breakdownDiffers,
  budgetDraft,
  budgetPayload,
  checklistDraft,
  checklistPayload,
  draftExpensesTotal,
  expensesDraft,
  expensesPayload,
  newChecklistRow,
  newExpenseRow,
  usdInputFormatter,
  usdInputParser,
} from './editorModel';

describe('the expenses editor', () => {
  it('starts a new item as an empty description, 0 and today', () => {
    expect(newExpenseRow('2026-05-03')).toMatchObject({ description: '', amount: '0', date: '2026-05-03' });
  });

  it('recalculates the total from every amount, parsing each as a decimal with 0 for anything else', () => {
    const draft = expensesDraft({
      total: 0,
      categories: { Food: [{ description: 'Lunch', amount: 12.5, date: '2026-05-01' }] },
    });
    draft[0].items.push(
      { ...newExpenseRow('2026-05-02'), amount: '$1,200.25' },
      { ...newExpenseRow('2026-05-02'), description: 'Tip', amount: 'abc' },
    );
    expect(draftExpensesTotal(draft)).toBe(1212.75);
  });

  it('saves every category with parsed amounts and the recalculated total, dropping items left empty', () => {
    const draft = expensesDraft({ total: 0, categories: { Food: [], Transport: [] } });
    draft[0].items.push(
      { ...newExpenseRow('2026-05-01'), description: ' Dinner ', amount: '40.10' },
      newExpenseRow('2026-05-01'),
    );
    draft[1].items.push({ ...newExpenseRow('2026-05-02'), amount: '9.9' });
    expect(expensesPayload(draft)).toEqual({
      expenses: {
        total: 50,
        categories: {
          Food: [{ description: 'Dinner', amount: 40.1, date: '2026-05-01' }],
          Transport: [{ description: '', amount: 9.9, date: '2026-05-02' }],
        },
      },
    });
  });
});

describe('the checklist editor', () => {
  it('starts a new item neither completed nor required, and drops blank items on save', () => {
    expect(newChecklistRow()).toMatchObject({ item: '', completed: false, required: false });
    const draft = checklistDraft({ Documents: [{ item: 'Passport', completed: true, required: true }] });
    draft[0].items.push({ ...newChecklistRow(), item: '  ' }, { ...newChecklistRow(), item: ' Visa ', required: true });
    expect(checklistPayload(draft)).toEqual({
      checklist: {
        Documents: [
          { item: 'Passport', completed: true, required: true },
          { item: 'Visa', completed: false, required: true },
        ],
      },
    });
  });
});

describe('the budget editor', () => {
  it('edits the breakdown without its total keys, and warns only while the sum and the total differ', () => {
    const draft = budgetDraft(
      aPlan({ budget: 1000, budgetBreakdown: { accommodation: 600, localTransport: 400, total: 1000 } }),
    );
    expect(draft.rows.map(({ key, label, amount }) => ({ key, label, amount }))).toEqual([
      { key: 'accommodation', label: 'Accommodation', amount: 600 },
      { key: 'localTransport', label: 'Local Transport', amount: 400 },
    ]);
    expect(breakdownDiffers(draft.rows, 1000)).toBe(false);
    expect(breakdownDiffers(draft.rows, 1200)).toBe(true);
    expect(budgetPayload(1200, draft.rows)).toEqual({
      budget: 1200,
      budgetBreakdown: { accommodation: 600, localTransport: 400 },
    });
  });

  it("starts from the planner's estimate when the user set no budget, so saving makes it theirs", () => {
    const draft = budgetDraft(
      aPlan({ budget: null, estimatedBudget: 900, budgetBreakdown: { food: 400, accommodation: 500 } }),
    );
    expect(draft.total).toBe(900);
    expect(breakdownDiffers(draft.rows, draft.total)).toBe(false);
  });

  it('formats the dollar inputs and reads them back', () => {
    expect(usdInputFormatter(1234567.5)).toBe('$ 1,234,567.5');
    expect(usdInputFormatter('')).toBe('');
    expect(usdInputParser('$ 1,234.50')).toBe(1234.5);
    expect(usdInputParser('nope')).toBe(0);
  });
});

describe('a booking’s cost from a confirmation email', () => {
  it('keeps its email through an edit of the expenses', () => {
    const item = { description: 'Flight BA117', amount: 1250, date: '2027-03-10', sourceEmailId: 7 };
    const payload = expensesPayload(expensesDraft({ total: 1250, categories: { Transportation: [item] } }));
    expect(payload.expenses.categories.Transportation).toEqual([item]);
  });
});
