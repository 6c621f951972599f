/** What the shell loads from this remote: its screens, sidebar entries and dashboard cards (see libs/module-kit). */
import { lazy } from 'react';
import { defineModule, lazyScreen, moduleFromMeta } from '@aide/module-kit';
import { t } from './i18n';
import { meta } from './module.meta';

// The dashboard's own widgets share one chunk; other modules bring theirs (host.dashboard).
const widgets = () => import('./dashboard/widgets');
// Today's briefing (issue 27): its own chunk, with its own catalog.
const briefing = () => import('./dashboard/BriefingCard');
// Each screen's code loads only when it is visited. The dashboard's widgets are asked for with the
// page rather than once it has rendered: one round of requests instead of three.
const DashboardPage = lazyScreen(() => {
  void widgets();
  void briefing();
  return import('./dashboard/DashboardPage');
});
const TasksPage = lazyScreen(() => import('./tasks/TasksPage'));
const CalendarPage = lazyScreen(() => import('./calendar/CalendarPage'));
const TodayTasksStat = lazy(() => widgets().then((m) => ({ default: m.TodayTasksStat })));
const ScheduleCard = lazy(() => widgets().then((m) => ({ default: m.ScheduleCard })));
const QuickActionsCard = lazy(() => widgets().then((m) => ({ default: m.QuickActionsCard })));
const PriorityTasksCard = lazy(() => widgets().then((m) => ({ default: m.PriorityTasksCard })));
const BriefingCard = lazy(() => briefing().then((m) => ({ default: m.BriefingCard })));

export default defineModule(
  moduleFromMeta(meta, t, __AIDE_REMOTE_VERSION__, {
    routes: { '/': DashboardPage, '/tasks': TasksPage, '/calendar': CalendarPage },
    widgets: {
      briefing: BriefingCard,
      'today-tasks': TodayTasksStat,
      schedule: ScheduleCard,
      'quick-actions': QuickActionsCard,
      'priority-tasks': PriorityTasksCard,
    },
  }),
);
