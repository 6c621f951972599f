/** What the shell loads from this remote: its screens, sidebar entries and dashboard cards (see libs/module-kit). */
import { lazy } from 'react';
import { CalendarOutlined, DashboardOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { defineModule } from '@aide/module-kit';
import type { Task } from '@aide/contracts';
import { TASKS_QUERY_KEY } from './tasks/useTasks';
import { t } from './i18n';

// Each screen's code loads only when it is visited.
const DashboardPage = lazy(() => import('./dashboard/DashboardPage'));
const TasksPage = lazy(() => import('./tasks/TasksPage'));
const CalendarPage = lazy(() => import('./calendar/CalendarPage'));
// The dashboard's own widgets share one chunk; other modules bring theirs (host.dashboard).
const widgets = () => import('./dashboard/widgets');
const TodayTasksStat = lazy(() => widgets().then((m) => ({ default: m.TodayTasksStat })));
const ScheduleCard = lazy(() => widgets().then((m) => ({ default: m.ScheduleCard })));
const QuickActionsCard = lazy(() => widgets().then((m) => ({ default: m.QuickActionsCard })));
const PriorityTasksCard = lazy(() => widgets().then((m) => ({ default: m.PriorityTasksCard })));
// Today's briefing (issue 27): its own chunk, with its own catalog.
const BriefingCard = lazy(() => import('./dashboard/BriefingCard').then((m) => ({ default: m.BriefingCard })));

export default defineModule({
  id: 'organiser',
  version: __AIDE_REMOTE_VERSION__,
  routes: [
    { path: '/', Component: DashboardPage },
    { path: '/tasks', Component: TasksPage },
    { path: '/calendar', Component: CalendarPage },
  ],
  nav: [
    {
      path: '/',
      // Getters: the shell reads the label in the language shown now.
      get label() {
        return t('nav.dashboard');
      },
      icon: <DashboardOutlined />,
      order: 10,
    },
    {
      path: '/tasks',
      get label() {
        return t('nav.tasks');
      },
      icon: <UnorderedListOutlined />,
      order: 20,
      // Spec: the Tasks badge counts tasks that are not completed (hidden at 0).
      badge: {
        queryKey: TASKS_QUERY_KEY,
        select: (tasks: Task[]) => tasks.filter((t) => t.status !== 'completed').length,
      },
    },
    {
      path: '/calendar',
      get label() {
        return t('nav.calendar');
      },
      icon: <CalendarOutlined />,
      order: 30,
    },
  ],
  widgets: [
    {
      id: 'briefing',
      get title() {
        return t('widget.briefing');
      },
      // Full width, first of the cards below the figures.
      size: 'full',
      order: 1,
      Component: BriefingCard,
    },
    {
      id: 'today-tasks',
      get title() {
        return t('widget.todayTasks');
      },
      size: 'stat',
      order: 10,
      Component: TodayTasksStat,
    },
    {
      id: 'schedule',
      get title() {
        return t('widget.schedule');
      },
      size: 'half',
      order: 10,
      Component: ScheduleCard,
    },
    {
      id: 'quick-actions',
      get title() {
        return t('widget.quickActions');
      },
      size: 'half',
      order: 20,
      Component: QuickActionsCard,
    },
    {
      id: 'priority-tasks',
      get title() {
        return t('widget.priorityTasks');
      },
      size: 'half',
      order: 50,
      Component: PriorityTasksCard,
    },
  ],
});
