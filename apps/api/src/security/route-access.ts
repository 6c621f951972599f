/**
 * THE one place that says who may call each route of the API, keyed by 'METHOD /path/pattern' exactly
 * as the running app's router lists it (route-inventory.ts). The suites in this folder enforce it:
 *
 * - access-control.e2e-spec.ts: every route here exists and every route of the app is here; signed
 *   out, anything not 'public' answers 401 { message }; 'admin' answers 403 to a signed-in non-admin;
 *   'public' never answers 5xx (except PUBLIC_5XX_BY_DESIGN).
 * - ownership.e2e-spec.ts: every 'signed-in' route with an id parameter answers 404 to another user.
 *
 * A new route fails the inventory test until it is classified here.
 */
export type RouteAccess = 'public' | 'signed-in' | 'admin';

export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  // Health, sign-in and sign-out: reachable signed out by design.
  'GET /api/health': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/login': 'public',
  'GET /api/logout': 'public',
  'GET /api/auth/google': 'public',
  'GET /api/auth/google/callback': 'public',
  // The second sign-in step: the half-signed-in session (not a signed-in one) is what it checks.
  'POST /api/auth/two-factor': 'public',
  // The links of the app's own mail, opened signed out (the token in the body is the credential).
  'POST /api/auth/password-reset/request': 'public',
  'POST /api/auth/password-reset': 'public',
  'POST /api/auth/verify-email': 'public',
  // The calendar feed for calendar apps: the token in the path is the credential (no cookie).
  'GET /api/calendar/feed/:file': 'public',
  // The websites' tracking script and its collector, called from the users' sites (no cookie, any origin).
  'GET /api/collect/script.js': 'public',
  'POST /api/collect': 'public',
  'OPTIONS /api/collect': 'public',

  // The signed-in user's own data.
  'GET /api/auth/user': 'signed-in',
  'POST /api/account/password': 'signed-in',
  'POST /api/account/verification-email': 'signed-in',
  'GET /api/account/sessions': 'signed-in',
  'DELETE /api/account/sessions': 'signed-in',
  'DELETE /api/account/sessions/:sessionKey': 'signed-in',
  'GET /api/auth/:provider/calendar': 'signed-in',
  'GET /api/auth/:provider/calendar/callback': 'signed-in',
  'GET /api/calendar-integrations': 'signed-in',
  'POST /api/calendar-integrations/caldav': 'signed-in',
  'PATCH /api/calendar-integrations/:id': 'signed-in',
  'DELETE /api/calendar-integrations/:id': 'signed-in',
  'POST /api/calendar-integrations/:id/sync': 'signed-in',
  'GET /api/calendar/feed': 'signed-in',
  'POST /api/calendar/feed/regenerate': 'signed-in',
  'GET /api/dashboard': 'signed-in',
  'GET /api/auth/gmail': 'signed-in',
  'GET /api/auth/gmail/callback': 'signed-in',
  'GET /api/email-integrations': 'signed-in',
  'GET /api/email-integrations/oauth': 'signed-in',
  'POST /api/email-integrations': 'signed-in',
  'PATCH /api/email-integrations/:id': 'signed-in',
  'DELETE /api/email-integrations/:id': 'signed-in',
  'POST /api/email-integrations/:id/sync': 'signed-in',
  'GET /api/emails': 'signed-in',
  'GET /api/emails/stats': 'signed-in',
  'PATCH /api/emails/:id': 'signed-in',
  'POST /api/emails/reply': 'signed-in',
  'POST /api/emails/forward': 'signed-in',
  'POST /api/emails/classify': 'signed-in',
  'GET /api/documents': 'signed-in',
  'POST /api/documents': 'signed-in',
  'GET /api/documents/:id': 'signed-in',
  'PATCH /api/documents/:id': 'signed-in',
  'PATCH /api/documents/:id/archive': 'signed-in',
  'PATCH /api/documents/:id/unarchive': 'signed-in',
  'PATCH /api/documents/:id/move': 'signed-in',
  'DELETE /api/documents/:id': 'signed-in',
  'GET /api/documents/:id/download': 'signed-in',
  'GET /api/documents/:id/preview': 'signed-in',
  'GET /api/document-folders': 'signed-in',
  'POST /api/document-folders': 'signed-in',
  'PATCH /api/document-folders/:id': 'signed-in',
  'DELETE /api/document-folders/:id': 'signed-in',
  'POST /api/research/start': 'signed-in',
  'GET /api/research/:userId': 'signed-in',
  'POST /api/research/:id/rerun': 'signed-in',
  'POST /api/research/:id/archive': 'signed-in',
  'POST /api/research/:id/unarchive': 'signed-in',
  'PATCH /api/research/:id': 'signed-in',
  'DELETE /api/research/:id': 'signed-in',
  'POST /api/social/create': 'signed-in',
  'GET /api/social/stats': 'signed-in',
  'POST /api/social/engagement/refresh': 'signed-in',
  'GET /api/social/:userId': 'signed-in',
  'PATCH /api/social/:id': 'signed-in',
  'POST /api/social/:id/schedule': 'signed-in',
  'POST /api/social/:id/unschedule': 'signed-in',
  'POST /api/social/:id/publish': 'signed-in',
  'DELETE /api/social/:id': 'signed-in',
  'POST /api/travel/create': 'signed-in',
  'GET /api/travel/:userId': 'signed-in',
  'PATCH /api/travel/:id': 'signed-in',
  'DELETE /api/travel/:id': 'signed-in',
  'PATCH /api/travel/:id/itinerary': 'signed-in',
  'PATCH /api/travel/:id/expenses': 'signed-in',
  'PATCH /api/travel/:id/checklist': 'signed-in',
  'PATCH /api/travel/:id/checklist/item': 'signed-in',
  'PATCH /api/travel/:id/budget': 'signed-in',
  'PATCH /api/travel/:id/status': 'signed-in',
  'POST /api/travel/:id/regenerate': 'signed-in',
  'GET /api/websites': 'signed-in',
  'POST /api/websites': 'signed-in',
  'PATCH /api/websites/:id': 'signed-in',
  'DELETE /api/websites/:id': 'signed-in',
  'POST /api/websites/:id/seo-audit': 'signed-in',
  'POST /api/websites/:id/security-check': 'signed-in',
  'POST /api/websites/:id/backup': 'signed-in',
  'POST /api/websites/:id/blog': 'signed-in',
  'GET /api/websites/:id/blog-posts': 'signed-in',
  'GET /api/websites/:id/analytics': 'signed-in',
  'GET /api/social-accounts': 'signed-in',
  'DELETE /api/social-accounts/:platform': 'signed-in',
  'GET /api/auth/social/:platform': 'signed-in',
  'GET /api/auth/social/:platform/callback': 'signed-in',
  'GET /api/events': 'signed-in',
  'POST /api/events': 'signed-in',
  'PATCH /api/events/:id': 'signed-in',
  'DELETE /api/events/:id': 'signed-in',
  'GET /api/features': 'signed-in',
  'GET /api/modules': 'signed-in',
  'GET /api/modules/locked': 'signed-in',
  'GET /api/notifications': 'signed-in',
  'POST /api/notifications/read-all': 'signed-in',
  'PATCH /api/notifications/:id/read': 'signed-in',
  'GET /api/profile': 'signed-in',
  'PATCH /api/profile': 'signed-in',
  'GET /api/search': 'signed-in',
  'GET /api/stream': 'signed-in',
  'GET /api/tasks': 'signed-in',
  'POST /api/tasks': 'signed-in',
  'PATCH /api/tasks/:id': 'signed-in',
  'DELETE /api/tasks/:id': 'signed-in',
  'GET /api/account': 'signed-in',
  'GET /api/account/export': 'signed-in',
  'POST /api/account/delete': 'signed-in',
  'GET /api/account/two-factor': 'signed-in',
  'POST /api/account/two-factor/setup': 'signed-in',
  'POST /api/account/two-factor/confirm': 'signed-in',
  'POST /api/account/two-factor/disable': 'signed-in',

  // Administration.
  // OpenAPI docs (SwaggerModule.setup), admin-only by default (API_DOCS, common/api-docs.ts): they map every route.
  'GET /api/docs': 'admin',
  'GET /api/docs/': 'admin',
  'GET /api/docs-json': 'admin',
  'GET /api/docs-yaml': 'admin',
  'GET /api/docs/index.html': 'admin',
  'GET /api/docs/LICENSE': 'admin',
  'GET /api/docs/swagger-ui-init.js': 'admin',
  'GET /api/docs/docs/swagger-ui-init.js': 'admin',
  'GET /api/admin/activity-logs': 'admin',
  'GET /api/admin/features': 'admin',
  'POST /api/admin/features': 'admin',
  'PATCH /api/admin/features/:id': 'admin',
  'GET /api/admin/modules': 'admin',
  'PATCH /api/admin/modules/:id': 'admin',
  'GET /api/admin/users': 'admin',
  'PATCH /api/admin/users/:userId/role': 'admin',
  'PATCH /api/admin/users/:userId/plan': 'admin',
  'POST /api/admin/users/:userId/password-reset-link': 'admin',
};

/**
 * Public routes whose documented answer is a 5xx in the test environment, with that status. Any
 * other 5xx from a public route fails the suite.
 */
export const PUBLIC_5XX_BY_DESIGN: Readonly<Record<string, { status: number; why: string }>> = {
  'GET /api/auth/google': {
    status: 503,
    why: 'Google sign-in is not configured in tests: an HTML page says so (oidc-sign-in.controller.ts)',
  },
};

/**
 * Signed-in routes that serve the shell whatever modules are switched on (who you are, your
 * preferences and notifications, which modules you have, search across them, the live stream).
 * Every OTHER signed-in route belongs to a module and must answer 403 when that module is off for
 * the user (access-control.e2e-spec.ts switches every module off to check): a new module's routes
 * are gated the day they land, or the suite fails.
 */
export const MODULE_INDEPENDENT: ReadonlySet<string> = new Set([
  'GET /api/auth/user',
  'GET /api/features',
  'GET /api/modules',
  'GET /api/modules/locked',
  'GET /api/notifications',
  'POST /api/notifications/read-all',
  'PATCH /api/notifications/:id/read',
  'GET /api/profile',
  'PATCH /api/profile',
  'GET /api/search',
  'GET /api/stream',
  'GET /api/account',
  'GET /api/account/export',
  'POST /api/account/delete',
  'GET /api/account/two-factor',
  'POST /api/account/two-factor/setup',
  'POST /api/account/two-factor/confirm',
  'POST /api/account/two-factor/disable',
  'POST /api/account/password',
  'POST /api/account/verification-email',
  'GET /api/account/sessions',
  'DELETE /api/account/sessions',
  'DELETE /api/account/sessions/:sessionKey',
]);
