import { cleanup, render } from '@aide/testing';
import { someDays } from '../../test/factories';
import VisitorsChart from './VisitorsChart';

afterEach(cleanup);

describe('VisitorsChart', () => {
  it('is a titled figure whose description gives the totals and the busiest day', () => {
    const container = render(<VisitorsChart days={someDays(30, (i) => (i === 10 ? 1200 : 2))} />);
    const figure = container.querySelector('figure')!;
    expect(document.getElementById(figure.getAttribute('aria-labelledby')!)!.textContent).toBe(
      'Visitors, last 30 days',
    );
    expect(document.getElementById(figure.getAttribute('aria-describedby')!)!.textContent).toBe(
      '1,258 visitors and 2,516 page views over the last 30 days; the busiest day was Mar 11 with 1,200 visitors.',
    );
  });

  it('says only the totals when nobody visited', () => {
    const container = render(<VisitorsChart days={someDays(7)} />);
    const figure = container.querySelector('figure')!;
    expect(document.getElementById(figure.getAttribute('aria-describedby')!)!.textContent).toBe(
      '0 visitors and 0 page views over the last 7 days.',
    );
  });
});
