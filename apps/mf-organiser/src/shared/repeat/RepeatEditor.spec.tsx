import { useState } from 'react';
import { act, allByText, byText, cleanup, click, renderScreen, type, waitFor } from '@aide/testing';
import { dayjs } from '../time';
import { RepeatEditor } from './RepeatEditor';

afterEach(cleanup);

// Thursday 26 November 2026 in Berlin: the fourth and the last Thursday of the month.
const start = dayjs.tz('2026-11-26T09:00', 'Europe/Berlin');

/** The editor in a form's hands: the value in state, every change recorded. */
function renderEditor(initial: string | null) {
  const changes: (string | null)[] = [];
  function Form() {
    const [value, setValue] = useState(initial);
    return (
      <RepeatEditor
        value={value}
        start={start}
        onChange={(rule) => {
          changes.push(rule);
          setValue(rule);
        }}
      />
    );
  }
  renderScreen(<Form />);
  return changes;
}

const summary = () => document.querySelector('[data-testid="repeat-summary"]')?.textContent?.trim();
const selectShown = (index = 0) => document.querySelectorAll('.ant-select')[index]?.textContent;

/** Opens the index-th Select and picks the option that reads `label`. */
async function pick(label: string, index = 0) {
  const select = document.querySelectorAll('.ant-select')[index];
  await act(async () => {
    select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  await waitFor(() => allByText(label, '.ant-select-item-option-content').length > 0);
  const options = allByText(label, '.ant-select-item-option-content');
  await click(options[options.length - 1]);
}

const field = (label: string) => document.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!;
const dayButton = (name: string) => document.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!;

describe('RepeatEditor', () => {
  it('offers presets named after the start, and a preset leaves the day to the start', async () => {
    const changes = renderEditor(null);
    expect(selectShown()).toBe('Does not repeat');
    expect(summary()).toBeUndefined();

    await pick('Weekly on Thursday');
    expect(changes).toEqual(['FREQ=WEEKLY']);
    expect(summary()).toBe('Weekly on Thu');

    await pick('Monthly on day 26');
    await pick('Annually on November 26');
    await pick('Daily');
    await pick('Does not repeat');
    expect(changes).toEqual(['FREQ=WEEKLY', 'FREQ=MONTHLY', 'FREQ=YEARLY', 'FREQ=DAILY', null]);
    expect(summary()).toBeUndefined();
  });

  it('builds a custom weekly rule: every 2 weeks on chosen days, after 10 times', async () => {
    const changes = renderEditor(null);
    await pick('Custom…');
    // Custom starts as every week on the start's day, which shows pressed.
    expect(changes).toEqual(['FREQ=WEEKLY;BYDAY=TH']);
    expect(dayButton('Thursday').getAttribute('aria-pressed')).toBe('true');
    // English weeks start on Sunday, as the calendar's.
    const days = Array.from(document.querySelectorAll('[data-testid="repeat-custom"] button[aria-pressed]'));
    expect(days.map((b) => b.textContent)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);

    await click(dayButton('Monday'));
    expect(changes.at(-1)).toBe('FREQ=WEEKLY;BYDAY=MO,TH');
    await type(field('Repeat interval'), '2');
    await waitFor(() => changes.at(-1) === 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH');
    expect(byText('weeks')).toBeTruthy();

    await click(byText('After').closest('label')!.querySelector('input')!);
    expect(changes.at(-1)).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;COUNT=10');
    expect(summary()).toBe('Every 2 weeks on Mon and Thu, 10 times');
    // Switching days off stops at the last one: it stays on.
    await click(dayButton('Thursday'));
    await click(dayButton('Monday'));
    expect(changes.at(-1)).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;COUNT=10');
    expect(dayButton('Monday').getAttribute('aria-pressed')).toBe('true');
  });

  it('repeats monthly on the start’s date or on its weekday, counted from the start or the end of the month', async () => {
    const changes = renderEditor('FREQ=MONTHLY;COUNT=3');
    // Not a preset (it ends), so the custom fields show.
    expect(selectShown()).toBe('Custom…');
    expect(selectShown(2)).toBe('On day 26');
    await pick('On the last Thursday', 2);
    expect(changes.at(-1)).toBe('FREQ=MONTHLY;BYDAY=-1TH;COUNT=3');
    expect(summary()).toBe('Monthly on the last Thursday, 3 times');
    await pick('On the fourth Thursday', 2);
    expect(changes.at(-1)).toBe('FREQ=MONTHLY;BYDAY=4TH;COUNT=3');
    await pick('On day 26', 2);
    expect(changes.at(-1)).toBe('FREQ=MONTHLY;COUNT=3');
  });

  it('ends a custom rule on a date', async () => {
    const changes = renderEditor('FREQ=DAILY;INTERVAL=2');
    await click(byText('On').closest('label')!.querySelector('input')!);
    // Three months after the start, until changed.
    expect(changes.at(-1)).toBe('FREQ=DAILY;INTERVAL=2;UNTIL=20270226');
    expect(summary()).toBe('Every 2 days, until Feb 26, 2027');
    await click(byText('Never').closest('label')!.querySelector('input')!);
    expect(changes.at(-1)).toBe('FREQ=DAILY;INTERVAL=2');
  });

  it('shows a synced rule it cannot edit as its sentence, keeps it, and lets the user replace it', async () => {
    const changes = renderEditor('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1');
    expect(selectShown()).toBe('Custom rule from your calendar');
    expect(byText('Repeats monthly by a custom rule')).toBeTruthy();
    expect(byText(/came from your calendar/)).toBeTruthy();
    expect(document.querySelector('[data-testid="repeat-custom"]')).toBeNull();
    expect(changes).toEqual([]);

    await pick('Daily');
    expect(changes).toEqual(['FREQ=DAILY']);
    expect(byText('Every day')).toBeTruthy();
  });

  it('shows a preset written with its day spelled out as that preset', () => {
    renderEditor('FREQ=WEEKLY;BYDAY=TH');
    expect(selectShown()).toBe('Weekly on Thursday');
    expect(summary()).toBe('Weekly on Thu');
  });
});
