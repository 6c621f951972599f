import { cleanup, renderScreen } from '@aide/testing';
import { MonthView } from './MonthView';

afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

/** The day antd marks as today in the month grid (its cells carry their date as their title). */
const todayCell = () => document.querySelector('td.ant-picker-cell-today')?.getAttribute('title');

const monthIn = (timezone: string) =>
  renderScreen(
    <MonthView
      selectedKey="2026-11-26"
      eventsByDay={new Map()}
      timezone={timezone}
      onSelectDay={() => undefined}
      onOpenEvent={() => undefined}
    />,
  );

describe('the month grid', () => {
  it("marks the profile timezone's today, whatever day the browser's clock is on", () => {
    // 11:00 UTC on 26 November is 01:00 on the 27th in Kiritimati (UTC+14) and 00:00 on the 26th in
    // Pago Pago (UTC−11). Wherever this test runs, the browser's own day differs from one of the two.
    jest.useFakeTimers({ now: new Date('2026-11-26T11:00:00Z'), doNotFake: ['setTimeout', 'clearTimeout'] });

    monthIn('Pacific/Kiritimati');
    expect(todayCell()).toBe('2026-11-27');
    cleanup();

    monthIn('Pacific/Pago_Pago');
    expect(todayCell()).toBe('2026-11-26');
  });
});
