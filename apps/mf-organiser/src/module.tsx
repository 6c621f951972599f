/** What the shell loads from this remote: its screens, sidebar entries and dashboard cards (see libs/module-kit). */
import { lazy } from 'react';
import { defineModule, lazyScreen, moduleFromMeta } from '@aide/module-kit';
import { t } from './i18n';
import { meta } from './module.meta';

// The dashboard page, its own widgets and today's briefing (issue 27) are always shown together:
// one chunk, named alike, instead of three with the parts they share split out of each (other
// modules bring their widgets through host.dashboard).
const widgets = () => import(/* webpackChunkName: "dashboard" */ './dashboard/widgets');
const briefing = () => import(/* webpackChunkName: "dashboard" */ './dashboard/BriefingCard');
// Each screen's code loads only when it is visited.
const DashboardPage = lazyScreen(() => import(/* webpackChunkName: "dashboard" */ './dashboard/DashboardPage'));
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
