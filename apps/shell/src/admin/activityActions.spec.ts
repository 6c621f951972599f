/** @jest-environment jsdom */
import { setLocale } from '@aide/i18n';
import { t } from '../i18n';
import { describeAction, splitAction } from './activityActions';

afterEach(() => setLocale('en'));

describe('describeAction: the admin Activity tab reads as actions, not routes', () => {
  it.each([
    ['PATCH /api/travel/:id/expenses', "Updated a trip's expenses"],
    ['PATCH /api/tasks/:id', 'Updated a task'],
    ['POST /api/auth/login', 'Signed in'],
    ['POST /api/admin/features', 'Created a feature toggle'],
    ['PATCH /api/admin/users/:userId/plan', "Changed a user's plan"],
    ['DELETE /api/document-folders/:id', 'Deleted a folder'],
  ])('%s → %s', (action, readable) => {
    expect(describeAction(t, action)).toBe(readable);
  });

  it('names a route it does not list by its domain, and anything else as a change', () => {
    expect(describeAction(t, 'PUT /api/travel/:id/souvenirs')).toBe('Changed travel');
    expect(describeAction(t, 'POST /api/email-integrations/:id/labels')).toBe('Changed email');
    expect(describeAction(t, 'DELETE /api/weather/:id')).toBe('Made a change');
    expect(describeAction(t, 'something odd')).toBe('Made a change');
  });

  it('speaks the reader’s language', async () => {
    await setLocale('es');
    expect(describeAction(t, 'PATCH /api/tasks/:id')).toBe('Actualizó una tarea');
    expect(describeAction(t, 'PUT /api/travel/:id/souvenirs')).toBe('Hizo cambios en los viajes');
    await setLocale('ja');
    expect(describeAction(t, 'POST /api/auth/login')).toBe('ログインしました');
  });

  it('splits the method from the route', () => {
    expect(splitAction('PATCH /api/tasks/:id')).toEqual(['PATCH', '/api/tasks/:id']);
    expect(splitAction('/api/tasks')).toEqual([null, '/api/tasks']);
  });
});
