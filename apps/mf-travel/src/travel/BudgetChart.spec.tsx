import { cleanup, render } from '@aide/testing';
import BudgetChart from './BudgetChart';

afterEach(cleanup);

describe('BudgetChart', () => {
  it('is a titled figure whose description gives every category’s budget and spending in USD', () => {
    const container = render(
      <BudgetChart
        rows={[
          { category: 'Accommodation', budgeted: 900, spent: 150 },
          { category: 'Souvenirs', budgeted: 0, spent: 35.5 },
        ]}
      />,
    );
    const figure = container.querySelector('figure')!;
    expect(document.getElementById(figure.getAttribute('aria-labelledby')!)!.textContent).toBe(
      'Budget vs. actual spending',
    );
    expect(document.getElementById(figure.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Accommodation: budgeted $900.00, spent $150.00; Souvenirs: budgeted $0.00, spent $35.50',
    );
  });
});
