import { button, byText, cleanup, click, mockFetch, renderScreen } from '@aide/testing';
import { testEvent } from '../shared/testEvents';
import { EventDetailDialog } from './EventDetailDialog';

afterEach(cleanup);

describe('the event detail dialog', () => {
  it('says how an occurrence repeats, and links a time block to its task', async () => {
    mockFetch();
    const navigate = jest.fn();
    const onClose = jest.fn();
    renderScreen(
      <EventDetailDialog
        open
        timezone="UTC"
        onClose={onClose}
        event={testEvent(7, {
          title: 'Write report',
          // Thursday 26 November 2026.
          recurrence: 'FREQ=WEEKLY;COUNT=4',
          timezone: 'UTC',
          recurringEventId: 7,
          occurrenceStart: '2026-11-26T09:00:00.000Z',
          taskId: 4,
          taskStatus: 'completed',
        })}
      />,
      { host: { navigate } },
    );
    expect(byText('Repeats')).toBeTruthy();
    expect(byText('Weekly on Thu, 4 times')).toBeTruthy();
    expect(byText('Time block for a completed task')).toBeTruthy();
    await click(button('Open in Tasks'));
    expect(onClose).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/tasks?open=4');
  });
});
