import { cleanup, renderScreen } from '@aide/testing';
import { nameHoldsVisibleText, testEvent } from '../shared/testEvents';
import { EventChip } from './EventChip';
import { EventListItem } from './EventListItem';
import { TimeGridView } from './TimeGridView';

afterEach(cleanup);

const standup = testEvent(1, {
  title: 'Standup',
  startTime: '2026-11-26T09:00:00.000Z',
  endTime: '2026-11-26T09:15:00.000Z',
});
const planning = testEvent(2, {
  title: 'Planning session',
  startTime: '2026-11-26T10:00:00.000Z',
  endTime: '2026-11-26T11:30:00.000Z',
});
const noop = () => undefined;

const eventButtons = () =>
  Array.from(document.querySelectorAll<HTMLButtonElement>('[role="group"] button[aria-label]'));

describe('calendar events for screen readers and keyboards', () => {
  it('names each grid event by its title and times, holding the text it shows, as a button in tab order', () => {
    renderScreen(
      <TimeGridView
        days={['2026-11-26']}
        selectedKey="2026-11-26"
        events={[standup, planning]}
        timezone="UTC"
        onSelectDay={noop}
        onOpenEvent={noop}
      />,
    );
    const buttons = eventButtons();
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Standup, 09:00 to 09:15',
      'Planning session, 10:00 to 11:30',
    ]);
    for (const button of buttons) {
      // axe label-content-name-mismatch: the visible words are part of the name.
      expect(nameHoldsVisibleText(button.textContent ?? '', button.getAttribute('aria-label') ?? '')).toBe(true);
      expect(button.tagName).toBe('BUTTON');
      expect(button.tabIndex).toBe(0);
    }
    // The longer block shows its start under the title; the name starts with both.
    expect(buttons[1].textContent).toBe('Planning session 10:00');
  });

  it('gives a 15-minute event a block one line of text fits in, not a sliver', () => {
    renderScreen(
      <TimeGridView
        days={['2026-11-26']}
        selectedKey="2026-11-26"
        events={[standup]}
        timezone="UTC"
        onSelectDay={noop}
        onOpenEvent={noop}
      />,
    );
    const [block] = eventButtons();
    // 48 px an hour: a quarter of an hour would be 12 px; the block is at least 22 px high.
    expect(parseFloat(block.style.height)).toBeGreaterThanOrEqual(22);
  });

  it('names the day headers by the full date (no label hiding what they show)', () => {
    renderScreen(
      <TimeGridView
        days={['2026-11-26', '2026-11-27', '2026-11-28']}
        selectedKey="2026-11-26"
        events={[]}
        timezone="UTC"
        onSelectDay={noop}
        onOpenEvent={noop}
      />,
    );
    const headers = Array.from(document.querySelectorAll<HTMLButtonElement>('button[aria-pressed]'));
    expect(headers.map((b) => b.getAttribute('aria-label'))).toEqual([null, null, null]);
    // What a screen reader reads: the visually hidden full date; 'Thu 26' is hidden from it.
    const spoken = (b: HTMLElement) =>
      Array.from(b.childNodes)
        .filter((n) => !(n instanceof HTMLElement && n.getAttribute('aria-hidden') === 'true'))
        .map((n) => n.textContent)
        .join('');
    expect(spoken(headers[0])).toBe('Thursday, November 26, 2026');
  });

  it('names a month chip and a side-card item so that their visible text is part of the name', () => {
    renderScreen(
      <ul>
        <li>
          <EventChip event={standup} timezone="UTC" onOpen={noop} />
        </li>
        <li>
          <EventListItem event={planning} timezone="UTC" onOpen={noop} withDate />
        </li>
      </ul>,
    );
    const [chip, item] = Array.from(document.querySelectorAll('button'));
    expect(chip.getAttribute('aria-label')).toBe('Standup, 09:00 to 09:15');
    expect(nameHoldsVisibleText(chip.textContent ?? '', chip.getAttribute('aria-label') ?? '')).toBe(true);
    // Named by its content: everything it shows.
    expect(item.hasAttribute('aria-label')).toBe(false);
    expect(item.textContent).toBe('Planning sessionMeetingThu, Nov 26 · 10:00 – 11:30');
  });
});
