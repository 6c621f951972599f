/** @jest-environment jsdom */
import { setLocale } from '@aide/i18n';
import { t } from '../i18n';
import { moduleTitle, navLabel } from './moduleTitles';

afterEach(() => setLocale('en'));

describe('module names in the reader’s language', () => {
  it('keeps the registry’s English for English', () => {
    expect(moduleTitle(t, 'research', 'Research Hub')).toBe('Research Hub');
    expect(navLabel(t, { moduleId: 'organiser', path: '/tasks', label: 'Tasks & To-Do' })).toBe('Tasks & To-Do');
  });

  it('names the built-in modules and the organiser’s entries by id and path', async () => {
    await setLocale('de');
    expect(moduleTitle(t, 'travel', 'Travel Planner')).toBe('Reiseplaner');
    expect(navLabel(t, { moduleId: 'organiser', path: '/', label: 'Dashboard' })).toBe('Dashboard');
    expect(navLabel(t, { moduleId: 'organiser', path: '/calendar', label: 'Calendar' })).toBe('Kalender');
    expect(navLabel(t, { moduleId: 'email', path: '/email', label: 'Email Manager' })).toBe('E-Mail-Manager');
    // A remote that failed to load is named by its module, wherever its entry leads.
    expect(navLabel(t, { moduleId: 'organiser', path: '/tasks', label: 'Organiser', failed: true })).toBe('Organizer');
  });

  it('leaves a module the shell does not know as the registry or the remote names it', async () => {
    await setLocale('zh');
    expect(moduleTitle(t, 'weather', 'Weather')).toBe('Weather');
    expect(navLabel(t, { moduleId: 'weather', path: '/weather', label: 'Weather' })).toBe('Weather');
    expect(navLabel(t, { path: '/x', label: 'Something' })).toBe('Something');
  });
});
