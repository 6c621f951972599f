import type { t as shellT } from '../i18n';

type ShellKey = Parameters<typeof shellT>[0];
type Translate = (key: ShellKey, values?: Record<string, string | number>) => string;

/**
 * What the activity log's actions mean to a person: 'PATCH /api/travel/:id/expenses' → "Updated a
 * trip's expenses". Keyed by the method and the route pattern the API records (ActivityLog.action).
 */
const ACTIONS: Record<string, ShellKey> = {
  'POST /api/auth/login': 'activity.auth.signIn',
  'POST /api/auth/logout': 'activity.auth.signOut',
  'POST /api/auth/register': 'activity.auth.signUp',
  'POST /api/auth/two-factor': 'activity.auth.twoFactor',
  'POST /api/auth/password-reset/request': 'activity.auth.resetRequest',
  'POST /api/auth/password-reset': 'activity.auth.reset',
  'POST /api/auth/verify-email': 'activity.auth.verifyEmail',
  'POST /api/account/password': 'activity.account.password',
  'POST /api/account/verification-email': 'activity.account.verificationEmail',
  'POST /api/account/delete': 'activity.account.delete',
  'DELETE /api/account/sessions': 'activity.account.endSessions',
  'DELETE /api/account/sessions/:sessionKey': 'activity.account.endSession',
  'POST /api/account/two-factor/setup': 'activity.account.twoFactorSetup',
  'POST /api/account/two-factor/confirm': 'activity.account.twoFactorOn',
  'POST /api/account/two-factor/disable': 'activity.account.twoFactorOff',
  'PATCH /api/profile': 'activity.profile.update',
  'POST /api/tasks': 'activity.task.create',
  'PATCH /api/tasks/:id': 'activity.task.update',
  'DELETE /api/tasks/:id': 'activity.task.delete',
  'POST /api/events': 'activity.event.create',
  'PATCH /api/events/:id': 'activity.event.update',
  'DELETE /api/events/:id': 'activity.event.delete',
  'POST /api/calendar-integrations/caldav': 'activity.calendar.connect',
  'PATCH /api/calendar-integrations/:id': 'activity.calendar.update',
  'DELETE /api/calendar-integrations/:id': 'activity.calendar.disconnect',
  'POST /api/calendar-integrations/:id/sync': 'activity.calendar.sync',
  'POST /api/calendar/feed/regenerate': 'activity.calendar.feed',
  'PATCH /api/emails/:id': 'activity.email.update',
  'POST /api/emails/reply': 'activity.email.reply',
  'POST /api/emails/forward': 'activity.email.forward',
  'POST /api/emails/classify': 'activity.email.classify',
  'POST /api/email-integrations': 'activity.email.connect',
  'PATCH /api/email-integrations/:id': 'activity.email.updateAccount',
  'DELETE /api/email-integrations/:id': 'activity.email.disconnect',
  'POST /api/email-integrations/:id/sync': 'activity.email.sync',
  'POST /api/research/start': 'activity.research.start',
  'PATCH /api/research/:id': 'activity.research.update',
  'DELETE /api/research/:id': 'activity.research.delete',
  'POST /api/research/:id/archive': 'activity.research.archive',
  'POST /api/research/:id/unarchive': 'activity.research.unarchive',
  'POST /api/research/:id/rerun': 'activity.research.rerun',
  'POST /api/social/create': 'activity.social.create',
  'PATCH /api/social/:id': 'activity.social.update',
  'DELETE /api/social/:id': 'activity.social.delete',
  'POST /api/social/:id/schedule': 'activity.social.schedule',
  'POST /api/social/:id/unschedule': 'activity.social.unschedule',
  'POST /api/social/:id/publish': 'activity.social.publish',
  'POST /api/social/engagement/refresh': 'activity.social.refresh',
  'DELETE /api/social-accounts/:platform': 'activity.social.disconnect',
  'POST /api/documents': 'activity.document.upload',
  'PATCH /api/documents/:id': 'activity.document.update',
  'DELETE /api/documents/:id': 'activity.document.delete',
  'PATCH /api/documents/:id/move': 'activity.document.move',
  'PATCH /api/documents/:id/archive': 'activity.document.archive',
  'PATCH /api/documents/:id/unarchive': 'activity.document.unarchive',
  'POST /api/document-folders': 'activity.folder.create',
  'PATCH /api/document-folders/:id': 'activity.folder.update',
  'DELETE /api/document-folders/:id': 'activity.folder.delete',
  'POST /api/travel/create': 'activity.travel.create',
  'PATCH /api/travel/:id': 'activity.travel.update',
  'DELETE /api/travel/:id': 'activity.travel.delete',
  'PATCH /api/travel/:id/itinerary': 'activity.travel.itinerary',
  'PATCH /api/travel/:id/expenses': 'activity.travel.expenses',
  'PATCH /api/travel/:id/checklist': 'activity.travel.checklist',
  'PATCH /api/travel/:id/checklist/item': 'activity.travel.checklist',
  'PATCH /api/travel/:id/budget': 'activity.travel.budget',
  'PATCH /api/travel/:id/status': 'activity.travel.status',
  'POST /api/travel/:id/regenerate': 'activity.travel.regenerate',
  'POST /api/websites': 'activity.website.create',
  'PATCH /api/websites/:id': 'activity.website.update',
  'DELETE /api/websites/:id': 'activity.website.delete',
  'POST /api/websites/:id/blog': 'activity.website.blog',
  'POST /api/websites/:id/seo-audit': 'activity.website.seoAudit',
  'POST /api/websites/:id/security-check': 'activity.website.securityCheck',
  'POST /api/websites/:id/backup': 'activity.website.backup',
  'PATCH /api/notifications/:id/read': 'activity.notifications.read',
  'POST /api/notifications/read-all': 'activity.notifications.readAll',
  'POST /api/admin/features': 'activity.admin.feature.create',
  'PATCH /api/admin/features/:id': 'activity.admin.feature.update',
  'PATCH /api/admin/modules/:id': 'activity.admin.module.update',
  'PATCH /api/admin/users/:userId/role': 'activity.admin.user.role',
  'PATCH /api/admin/users/:userId/plan': 'activity.admin.user.plan',
  'POST /api/admin/users/:userId/password-reset-link': 'activity.admin.user.resetLink',
};

/** The first path segment after /api, as the fallback's domain ('email-integrations' → 'email'). */
const DOMAINS: Record<string, string> = {
  tasks: 'tasks',
  events: 'events',
  calendar: 'calendar',
  'calendar-integrations': 'calendar',
  emails: 'email',
  'email-integrations': 'email',
  research: 'research',
  social: 'social',
  'social-accounts': 'social',
  documents: 'documents',
  'document-folders': 'documents',
  travel: 'travel',
  websites: 'websites',
  account: 'account',
  profile: 'profile',
  admin: 'admin',
  notifications: 'notifications',
  auth: 'auth',
};

/** 'PATCH /api/tasks/:id' → ['PATCH', '/api/tasks/:id']; a row without a method → [null, action]. */
export const splitAction = (action: string): [string | null, string] => {
  const space = action.indexOf(' ');
  return space > 0 ? [action.slice(0, space), action.slice(space + 1)] : [null, action];
};

/**
 * The readable action of an activity row, in the reader's language: a known route's own sentence,
 * else "Changed travel" by the route's domain, else "Made a change".
 */
export function describeAction(t: Translate, action: string): string {
  const [method, route] = splitAction(action);
  const normalised = `${method ?? ''} ${route.replace(/\/+$/, '')}`.trim();
  const key = ACTIONS[normalised];
  if (key) return t(key);
  const segment = route.replace(/^\/api\//, '').split('/')[0] ?? '';
  return t('activity.domain', { domain: DOMAINS[segment] ?? 'other' });
}
