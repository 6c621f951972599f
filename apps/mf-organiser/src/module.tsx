/** What the shell loads from this remote: its screens and sidebar entries (see libs/module-kit). */
import { lazy } from 'react';
import { UnorderedListOutlined } from '@ant-design/icons';
import { defineModule } from '@aide/module-kit';
import type { Task } from '@aide/contracts';
import { TASKS_QUERY_KEY } from './tasks/useTasks';

const TasksPage = lazy(() => import('./tasks/TasksPage'));

export default defineModule({
  id: 'organiser',
  version: __AIDE_REMOTE_VERSION__,
  routes: [{ path: '/tasks', Component: TasksPage }],
  nav: [
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
  ],
});
