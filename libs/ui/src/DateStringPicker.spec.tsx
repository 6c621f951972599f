import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { act, cleanup, renderTree, type } from '@aide/testing';
import { DateStringPicker } from './DateStringPicker';
import { datePickerIn } from './zonedDates';

afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

const input = (container: HTMLElement) => container.querySelector('input')!;

/** Types a date, lets the screen re-render before the person presses Enter, then presses Enter. */
async function typeThroughARerender(container: HTMLElement, rerender: () => void, text: string): Promise<void> {
  const field = input(container);
  await act(async () => {
    field.focus();
    field.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    field.click();
  });
  await type(field, text);
  rerender();
  await act(async () => {
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  });
}

describe('DateStringPicker', () => {
  it('keeps a typed date through a re-render and hands it over on Enter', async () => {
    const picked: string[] = [];
    const ui = () => (
      <DateStringPicker
        value="2026-11-27"
        format="YYYY-MM-DD"
        onChange={(date) => date && picked.push(date.format('YYYY-MM-DD'))}
      />
    );
    const { container, rerender } = renderTree(ui());
    expect(input(container).value).toBe('2026-11-27');
    await typeThroughARerender(container, () => rerender(ui()), '2030-11-20');
    expect(picked).toEqual(['2030-11-20']);
  });

  it('shows a new value when the text changes, and no date for empty text', () => {
    const { container, rerender } = renderTree(<DateStringPicker value="2026-11-27" format="YYYY-MM-DD" />);
    rerender(<DateStringPicker value="2027-01-02" format="YYYY-MM-DD" />);
    expect(input(container).value).toBe('2027-01-02');
    rerender(<DateStringPicker value="" format="YYYY-MM-DD" />);
    expect(input(container).value).toBe('');
  });

  it('reads text in the given format', () => {
    const { container } = renderTree(
      <DateStringPicker value="27/11/2026" valueFormat="DD/MM/YYYY" format="YYYY-MM-DD" />,
    );
    expect(input(container).value).toBe('2026-11-27');
  });

  describe("in a profile's timezone", () => {
    /** Opens the picker's panel, as a click on the field does. */
    async function open(container: HTMLElement): Promise<void> {
      const field = input(container);
      await act(async () => {
        field.focus();
        field.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
        field.click();
      });
    }
    /** The day the open panel marks as today (its cells carry their date as their title). */
    const todayCell = () => document.querySelector('td.ant-picker-cell-today')?.getAttribute('title');

    beforeEach(() => {
      // 11:00 UTC on 26 November is 01:00 on the 27th in Kiritimati (UTC+14) and 00:00 on the 26th in
      // Pago Pago (UTC−11). Wherever this test runs, the browser's own day differs from one of the two.
      jest.useFakeTimers({ now: new Date('2026-11-26T11:00:00Z'), doNotFake: ['setTimeout', 'clearTimeout'] });
    });

    it("marks the zone's today, whatever day the browser's clock is on", async () => {
      for (const [zone, today] of [
        ['Pacific/Kiritimati', '2026-11-27'],
        ['Pacific/Pago_Pago', '2026-11-26'],
      ]) {
        const { container } = renderTree(
          <DateStringPicker value="2026-11-20" format="YYYY-MM-DD" component={datePickerIn(zone)} />,
        );
        await open(container);
        expect(todayCell()).toBe(today);
        cleanup();
      }
    });

    it("picks the zone's wall-clock time with Now", async () => {
      const picked: string[] = [];
      const { container } = renderTree(
        <DateStringPicker
          value=""
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          component={datePickerIn('Pacific/Kiritimati')}
          onChange={(date) => date && picked.push(date.format('YYYY-MM-DDTHH:mm'))}
        />,
      );
      await open(container);
      const now = document.querySelector<HTMLElement>('.ant-picker-now-btn');
      expect(now).not.toBeNull();
      await act(async () => now!.click());
      expect(picked).toEqual(['2026-11-27T01:00']);
    });
  });

  // Why this component exists: antd's own picker, given a fresh Dayjs on every render, drops the typed date.
  it('(antd alone, for contrast) loses the typed date when handed a new Dayjs on re-render', async () => {
    const picked: string[] = [];
    const ui = () => (
      <DatePicker
        value={dayjs('2026-11-27')}
        format="YYYY-MM-DD"
        onChange={(date: Dayjs | null) => date && picked.push(date.format('YYYY-MM-DD'))}
      />
    );
    const { container, rerender } = renderTree(ui());
    await typeThroughARerender(container, () => rerender(ui()), '2030-11-20');
    expect(picked).not.toContain('2030-11-20');
  });
});
