import { cleanup, renderScreen, settle, waitFor } from '@aide/testing';
import { useQuickActionTrigger } from './useQuickActionTrigger';

afterEach(cleanup);

function TasksScreen({ onNew }: { onNew: () => void }) {
  useQuickActionTrigger(onNew);
  return <p>Tasks</p>;
}

describe('useQuickActionTrigger (the dashboard’s quick actions)', () => {
  it('opens the add dialog once after arriving with ?new=1, then drops the parameter', async () => {
    const onNew = jest.fn();
    const { location } = renderScreen(<TasksScreen onNew={onNew} />, { path: '/tasks?new=1&status=all' });
    expect(onNew).not.toHaveBeenCalled(); // not at once: spec §9 waits 100 ms after the navigation
    await waitFor(() => onNew.mock.calls.length === 1);
    await waitFor(() => location().search === '?status=all');
    expect(location().pathname).toBe('/tasks');
    await settle(150);
    expect(onNew).toHaveBeenCalledTimes(1);
  });

  it('does nothing on a plain visit, or for another value', async () => {
    const onNew = jest.fn();
    renderScreen(<TasksScreen onNew={onNew} />, { path: '/tasks' });
    renderScreen(<TasksScreen onNew={onNew} />, { path: '/tasks?new=0' });
    await settle(150);
    expect(onNew).not.toHaveBeenCalled();
  });

  it('does not open the dialog once the user has left the screen', async () => {
    const onNew = jest.fn();
    renderScreen(<TasksScreen onNew={onNew} />, { path: '/tasks?new=1' });
    cleanup();
    await settle(150);
    expect(onNew).not.toHaveBeenCalled();
  });
});
