import type { SlotProps } from '@aide/module-kit';
import { byText, cleanup, mockFetch, renderScreen, route } from '@aide/testing';
import IntegrationsTab from './IntegrationsTab';

afterEach(cleanup);

describe('IntegrationsTab', () => {
  it("shows what other modules put in the calendar's integrations slot, after its own panels", () => {
    mockFetch(route('GET /api/calendar-integrations', { body: [] }));
    const Slot = ({ name }: SlotProps) => <section aria-label={`slot ${name}`}>Email Integrations</section>;
    const { container } = renderScreen(<IntegrationsTab />, { host: { Slot } });
    const slot = container.querySelector('[aria-label="slot calendar.integrations"]');
    expect(slot).not.toBeNull();
    expect(slot?.parentElement?.lastElementChild).toBe(slot);
    expect(byText('Email Integrations')).toBeTruthy();
  });
});
