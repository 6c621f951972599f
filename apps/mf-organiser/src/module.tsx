/** What the shell loads from this remote: its screens and sidebar entries (see libs/module-kit). */
import { lazy } from 'react';
import { CalendarOutlined, DashboardOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { defineModule } from '@aide/module-kit';
import type { Task } from '@aide/contracts';
import { TASKS_QUERY_KEY } from './tasks/useTasks';

// Each screen's code loads only when it is visited.
const DashboardPage = lazy(() => import('./dashboard/DashboardPage'));
const TasksPage = lazy(() => import('./tasks/TasksPage'));
const CalendarPage = lazy(() => import('./calendar/CalendarPage'));

export default defineModule({
  id: 'organiser',
  version: __AIDE_REMOTE_VERSION__,
  routes: [
    { path: '/', Component: DashboardPage },
    { path: '/tasks', Component: TasksPage },
    { path: '/calendar', Component: CalendarPage },
  ],
  nav: [
    { path: '/', label: 'Dashboard', icon: <DashboardOutlined />, order: 10 },
    {
      path: '/tasks',
      label: 'Tasks & To-Do',
      icon: <UnorderedListOutlined />,
      order: 20,
      // Spec: the Tasks badge counts tasks that are not completed (hidden at 0).
      badge: {
        queryKey: TASKS_QUERY_KEY,
        select: (tasks: Task[]) => tasks.filter((t) => t.status !== 'completed').length,
      },
    },
    { path: '/calendar', label: 'Calendar', icon: <CalendarOutlined />, order: 30 },
  ],
});
