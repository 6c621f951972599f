import type { RemoteModule } from '@aide/module-kit';
import { quickAddAvailable, quickAddLink } from './quickAddCommand';

const organiser = (paths: string[]): RemoteModule => ({
  id: 'organiser',
  version: '1',
  nav: [],
  routes: paths.map((path) => ({ path, Component: () => null })),
});

describe('quick add command', () => {
  it('is offered only when the organiser has loaded with its Tasks screen', () => {
    expect(quickAddAvailable({ status: 'ready', module: organiser(['/', '/tasks', '/calendar']) })).toBe(true);
    expect(quickAddAvailable({ status: 'ready', module: organiser(['/']) })).toBe(false);
    expect(quickAddAvailable({ status: 'loading' })).toBe(false);
    expect(quickAddAvailable({ status: 'failed', error: new Error('x') })).toBe(false);
    expect(quickAddAvailable(undefined)).toBe(false);
  });

  it('links to the Tasks screen with the text, or to the calendar when it is on screen', () => {
    expect(quickAddLink(' Lunch with Sam tomorrow 1pm at Nopa ', '/email')).toBe(
      '/tasks?add=Lunch%20with%20Sam%20tomorrow%201pm%20at%20Nopa',
    );
    expect(quickAddLink('Call mum & dad', '/calendar')).toBe('/calendar?add=Call%20mum%20%26%20dad');
    expect(quickAddLink('x', '/tasks')).toBe('/tasks?add=x');
  });
});

describe('quick add with a described organiser (its code not loaded yet)', () => {
  it("is offered when the organiser's description lists the Tasks screen", () => {
    const description = { id: 'organiser', version: '2', nav: [], widgets: [], slots: [] };
    expect(quickAddAvailable({ status: 'described', description: { ...description, routes: ['/', '/tasks'] } })).toBe(
      true,
    );
    expect(quickAddAvailable({ status: 'described', description: { ...description, routes: ['/'] } })).toBe(false);
  });
});
