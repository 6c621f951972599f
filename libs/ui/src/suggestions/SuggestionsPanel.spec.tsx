import type { Suggestion } from '@aide/contracts';
import { button, byText, cleanup, click, mockFetch, renderScreen, route, waitFor } from '@aide/testing';
import { SuggestionsPanel } from './SuggestionsPanel';

afterEach(cleanup);

const meeting = (over: Partial<Suggestion> = {}): Suggestion =>
  ({
    id: 7,
    kind: 'event',
    origin: 'meeting-time',
    status: 'pending',
    emailId: 3,
    documentId: null,
    title: 'Meeting with Ann Lee: Q3 budget',
    detail: 'Tuesday 1 December, 15:00–16:00',
    draft: {
      title: 'Meeting with Ann Lee: Q3 budget',
      startTime: '2030-12-01T15:00:00.000Z',
      endTime: '2030-12-01T16:00:00.000Z',
      location: null,
      description: null,
    },
    result: null,
    decidedBy: null,
    createdAt: '2030-11-27T10:00:00.000Z',
    ...over,
  }) as Suggestion;

const report = (over: Partial<Suggestion> = {}): Suggestion =>
  ({
    ...meeting(),
    id: 8,
    kind: 'task',
    origin: 'deadline',
    title: 'Send the report',
    detail: null,
    draft: { title: 'Send the report', dueDate: '2030-12-04', description: null, amount: null },
    ...over,
  }) as Suggestion;

describe('SuggestionsPanel', () => {
  it('offers each pending suggestion with its action; accepting it shows what it became, with a link', async () => {
    let current = [meeting(), report()];
    const { calls } = mockFetch(
      route('GET /api/emails/3/suggestions', () => ({ body: current })),
      route('POST /api/suggestions/7/accept', () => {
        current = [meeting({ status: 'accepted', decidedBy: 'person', result: { type: 'event', id: 41 } }), report()];
        return { body: current[0] };
      }),
    );
    renderScreen(<SuggestionsPanel source={{ emailId: 3 }} />);
    await waitFor(() => byText('Meeting with Ann Lee: Q3 budget'));
    expect(document.body.textContent).toContain('Tuesday 1 December, 15:00–16:00');
    expect(document.body.textContent).toContain('Proposed time');
    expect(button('Add task')).toBeTruthy();

    await click(button('Add to calendar'));
    await waitFor(() => byText('Added to your calendar'));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ url: '/api/suggestions/7/accept', body: {} });
    expect(document.querySelector('a[href="/calendar?event=41"]')?.textContent).toBe('Open');
    // The other suggestion is still offered.
    expect(button('Add task')).toBeTruthy();
  });

  it('hides a dismissed suggestion, and says when a rule did the work', async () => {
    let current = [
      report(),
      meeting({
        id: 9,
        kind: 'document',
        origin: 'attachment',
        title: 'Save invoice.pdf to Documents',
        detail: null,
        draft: { attachmentIndex: 0, filename: 'invoice.pdf', contentType: 'application/pdf' },
        status: 'accepted',
        decidedBy: 'rule',
        result: { type: 'document', id: 5 },
      }),
    ];
    mockFetch(
      route('GET /api/emails/3/suggestions', () => ({ body: current })),
      route('POST /api/suggestions/8/dismiss', () => {
        current = [{ ...current[0], status: 'dismissed', decidedBy: 'person' } as Suggestion, current[1]];
        return { body: current[0] };
      }),
    );
    renderScreen(<SuggestionsPanel source={{ emailId: 3 }} />);
    await waitFor(() => byText('Send the report'));
    expect(document.body.textContent).toContain('Saved to Documents by one of your rules');
    expect(document.querySelector('a[href="/documents?open=5"]')).not.toBeNull();

    await click(button('Dismiss: Send the report'));
    await waitFor(() => !document.body.textContent?.includes('Send the report'));
    expect(document.body.textContent).toContain('Save invoice.pdf to Documents');
  });
});
