/**
 * Bad-input fuzzing, driven by the contracts' zod schemas. For every route that takes a body or a
 * query (ROUTES below), fast-check builds hostile inputs — wrong types, missing and extra fields,
 * empty and ~1 MB strings, 10 000-level nesting, NUL and lone surrogates, SQL- and HTML-looking
 * text, huge/negative/non-finite numbers, impossible dates — keeps those the route's schema
 * REJECTS (the schema is the oracle), sends them, and requires for each:
 *
 * - a 4xx from ACCEPTABLE, a JSON body with a string `message`, and no stack trace or SQL/driver
 *   detail in it;
 * - the database exactly as before (row counts and content hashes of every table but `session` and
 *   `rate_limit_counters`, where every sign-in, sign-up and reset attempt counts whatever its outcome);
 * - after each route's batch, GET /api/health still answers 200.
 *
 * Plus the transport-level cases: malformed JSON, other content types, bodies over 1 MB, and bad
 * ids on every :id route. Summary numbers are printed at the end (see SECURITY.md, "Last run").
 */
import querystring from 'node:querystring';
import {
  createBlogPostSchema,
  collectEventSchema,
  confirmTwoFactorSchema,
  deleteAccountSchema,
  disableTwoFactorSchema,
  twoFactorSignInSchema,
  createCalDavIntegrationSchema,
  createSocialPostSchema,
  createEventSchema,
  createFeatureToggleSchema,
  createFolderSchema,
  createTaskSchema,
  createTravelPlanSchema,
  createWebsiteSchema,
  eventRangeSchema,
  keepDocumentSuggestionSchema,
  listDocumentsQuerySchema,
  loginSchema,
  changePasswordSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  verifyEmailSchema,
  moveDocumentSchema,
  registerSchema,
  scheduleSocialPostSchema,
  startResearchSchema,
  searchQuerySchema,
  toggleChecklistItemSchema,
  travelStatusSchema,
  updateBudgetSchema,
  updateChecklistSchema,
  updateExpensesSchema,
  updateItinerarySchema,
  updateTravelPlanSchema,
  updateCalendarIntegrationSchema,
  updateDocumentSchema,
  updateEventSchema,
  updateFeatureToggleSchema,
  updateFolderSchema,
  updateModuleSourceSchema,
  updateProfileSchema,
  updateResearchSchema,
  updateSocialPostSchema,
  updateTaskSchema,
  updateUserPlanSchema,
  updateUserRoleSchema,
  updateWebsiteSchema,
  websiteAnalyticsQuerySchema,
} from '@aide/contracts';
import { getDataSourceToken } from '@nestjs/typeorm';
import fc from 'fast-check';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import type { z } from 'zod';
import { buildTask, signUp, signUpAdminAndUser, type Agent } from '../../test/factories';
import { createTestApp, SWEEP_SUITE_ENV, type TestApp } from '../../test/test-app';

/** Runs per route: enough variety, and the whole file stays well under a minute. */
const NUM_RUNS = 40;
const ACCEPTABLE = new Set([400, 401, 403, 404, 409, 413, 415, 422]);
/** Substrings that would mean internals leaked into a response body. */
const LEAKS = ['QueryFailedError', 'SELECT', 'postgres', 'node_modules', 'TypeError', 'ReferenceError'];
/** A stack frame: "    at fn (file.ts:1:2)" or "at file:1:2". */
const STACK_FRAME = /(^|\n|\\n)\s*at [^\n]*:\d+:\d+/;

type Who = 'user' | 'admin' | 'anonymous';

interface FuzzRoute {
  /** 'METHOD /path' as the controllers declare it. */
  route: string;
  schema: z.ZodType;
  part: 'body' | 'query';
  as: Who;
  /** A value the schema accepts, the base that single-field mutations start from. */
  valid: () => Record<string, unknown>;
  /** Takes its JSON as text/plain too (the tracking collector: navigator.sendBeacon sends that). */
  textPlain?: boolean;
}

// Filled in beforeAll: the ids the :id routes act on (real rows of the signed-in user where one exists).
const ids = {
  task: 0,
  event: 0,
  feature: 0,
  plainUser: 0,
  integration: 999_999,
  document: 0,
  folder: 0,
  research: 0,
  socialPost: 0,
  travelPlan: 0,
  website: 0,
};

/** Every route that takes a body or a query, with the contract schema its pipe validates with. */
const ROUTES: FuzzRoute[] = [
  {
    route: 'POST /api/tasks',
    schema: createTaskSchema,
    part: 'body',
    as: 'user',
    valid: () => ({ title: 'Fuzz task', priority: 'high', dueDate: '2026-12-01T10:00:00.000Z' }),
  },
  {
    route: 'PATCH /api/tasks/:id',
    schema: updateTaskSchema,
    part: 'body',
    as: 'user',
    valid: () => ({ title: 'Renamed', status: 'completed' }),
  },
  {
    route: 'POST /api/events',
    schema: createEventSchema,
    part: 'body',
    as: 'user',
    valid: () => ({
      title: 'Fuzz event',
      startTime: '2026-12-01T10:00:00.000Z',
      endTime: '2026-12-01T11:00:00.000Z',
      type: 'meeting',
    }),
  },
  {
    route: 'PATCH /api/events/:id',
    schema: updateEventSchema,
    part: 'body',
    as: 'user',
    valid: () => ({ title: 'Moved', startTime: '2026-12-02T10:00:00.000Z', endTime: '2026-12-02T11:00:00.000Z' }),
  },
  {
    route: 'GET /api/events',
    schema: eventRangeSchema,
    part: 'query',
    as: 'user',
    valid: () => ({ from: '2026-12-01T00:00:00.000Z', to: '2026-12-31T00:00:00.000Z' }),
  },
  {
    route: 'PATCH /api/profile',
    schema: updateProfileSchema,
    part: 'body',
    as: 'user',
    valid: () => ({ firstName: 'Ada', bio: 'Hello', theme: 'dark', weeklyDigest: true }),
  },
  { route: 'GET /api/search', schema: searchQuerySchema, part: 'query', as: 'user', valid: () => ({ q: 'fuzz' }) },
  {
    route: 'POST /api/admin/features',
    schema: createFeatureToggleSchema,
    part: 'body',
    as: 'admin',
    valid: () => ({ name: 'fuzz.feature', description: 'd', enabled: true, planRequired: 'premium' }),
  },
  {
    route: 'PATCH /api/admin/features/:id',
    schema: updateFeatureToggleSchema,
    part: 'body',
    as: 'admin',
    valid: () => ({ enabled: false, adminOnly: true }),
  },
  {
    route: 'PATCH /api/admin/users/:userId/role',
    schema: updateUserRoleSchema,
    part: 'body',
    as: 'admin',
    valid: () => ({ role: 'admin' }),
  },
  {
    route: 'PATCH /api/admin/users/:userId/plan',
    schema: updateUserPlanSchema,
    part: 'body',
    as: 'admin',
    valid: () => ({ plan: 'enterprise' }),
  },
  {
    route: 'PATCH /api/admin/modules/:id',
    schema: updateModuleSourceSchema,
    part: 'body',
    as: 'admin',
    valid: () => ({ manifestUrl: 'https://cdn.example.com/mf-manifest.json' }),
  },
  {
    route: 'POST /api/calendar-integrations/caldav',
    schema: createCalDavIntegrationSchema,
    part: 'body',
    as: 'user',
    valid: () => ({
      provider: 'caldav',
      serverUrl: 'https://dav.example.com/',
      username: 'ada',
      password: 'secret',
      syncDirection: 'import',
    }),
  },
  {
    route: 'PATCH /api/calendar-integrations/:id',
    schema: updateCalendarIntegrationSchema,
    part: 'body',
    as: 'user',
    valid: () => ({ syncEnabled: false }),
  },
  {
    route: 'GET /api/documents',
    schema: listDocumentsQuerySchema,
    part: 'query',
    as: 'user',
    valid: () => ({ folderId: 'root', q: 'report', category: 'Work', archived: 'true' }),
  },
  {
    route: 'PATCH /api/documents/:id',
    schema: updateDocumentSchema,
    part: 'body',
    as: 'user',
    valid: () => ({ originalName: 'Renamed.pdf', category: 'Legal', tags: ['a'], summary: 'S' }),
  },
  {
    route: 'PATCH /api/documents/:id/keep-suggestion',
    schema: keepDocumentSuggestionSchema,
    part: 'body',
    as: 'user',
    valid: () => ({ tag: 'invoice' }),
  },
  {
    route: 'PATCH /api/documents/:id/move',
    schema: moveDocumentSchema,
    part: 'body',
    as: 'user',
    valid: () => ({ folderId: null }),
  },
  {
    route: 'POST /api/document-folders',
    schema: createFolderSchema,
    part: 'body',
    as: 'user',
    valid: () => ({ name: 'Fuzz folder', parentFolderId: null, color: 'green' }),
  },
  {
    route: 'PATCH /api/document-folders/:id',
    schema: updateFolderSchema,
    part: 'body',
    as: 'user',
    valid: () => ({ name: 'Renamed folder', color: 'red', parentFolderId: null }),
  },
  {
    route: 'POST /api/research/start',
    schema: startResearchSchema,
    part: 'body',
    as: 'user',
    valid: () => ({ topic: 'Fuzz topic', category: 'science', tags: ['a'] }),
  },
  {
    route: 'PATCH /api/research/:id',
    schema: updateResearchSchema,
    part: 'body',
    as: 'user',
    valid: () => ({ category: 'health', tags: ['b'] }),
  },
  {
    route: 'POST /api/social/create',
    schema: createSocialPostSchema,
    part: 'body',
    as: 'user',
    valid: () => ({ platform: 'twitter', topic: 'Fuzz topic', tone: 'casual' }),
  },
  {
    route: 'PATCH /api/social/:id',
    schema: updateSocialPostSchema,
    part: 'body',
    as: 'user',
    valid: () => ({ content: 'Edited', hashtags: ['fuzz'], imageUrl: null }),
  },
  {
    route: 'POST /api/social/:id/schedule',
    schema: scheduleSocialPostSchema,
    part: 'body',
    as: 'user',
    valid: () => ({ scheduledAt: new Date(Date.now() + 86_400_000).toISOString() }),
  },
  {
    route: 'POST /api/travel/create',
    schema: createTravelPlanSchema,
    part: 'body',
    as: 'user',
    valid: () => ({
      destination: 'Fuzz trip',
      startDate: '2030-05-01',
      endDate: '2030-05-03',
      preferences: { budget: '$900', interests: ['food'], travelStyle: 'budget', groupSize: 2 },
    }),
  },
  {
    route: 'PATCH /api/travel/:id',
    schema: updateTravelPlanSchema,
    part: 'body',
    as: 'user',
    valid: () => ({ destination: 'Renamed trip', startDate: '2030-05-02', endDate: '2030-05-04' }),
  },
  {
    route: 'PATCH /api/travel/:id/itinerary',
    schema: updateItinerarySchema,
    part: 'body',
    as: 'user',
    valid: () => ({
      itinerary: {
        timeline: [
          {
            day: 'Day 1',
            date: '2030-05-01',
            title: 'Arrival',
            morning: 'Arrive',
            afternoon: 'Walk',
            evening: 'Dinner',
          },
        ],
        transportation: ['Metro'],
      },
    }),
  },
  {
    route: 'PATCH /api/travel/:id/expenses',
    schema: updateExpensesSchema,
    part: 'body',
    as: 'user',
    valid: () => ({
      expenses: { total: 3, categories: { Food: [{ description: 'Lunch', amount: 12.5, date: '2030-05-01' }] } },
    }),
  },
  {
    route: 'PATCH /api/travel/:id/checklist',
    schema: updateChecklistSchema,
    part: 'body',
    as: 'user',
    valid: () => ({ checklist: { Documents: [{ item: 'Passport', completed: false, required: true }] } }),
  },
  {
    route: 'PATCH /api/travel/:id/checklist/item',
    schema: toggleChecklistItemSchema,
    part: 'body',
    as: 'user',
    valid: () => ({ category: 'Documents', itemIndex: 0, completed: true }),
  },
  {
    route: 'PATCH /api/travel/:id/budget',
    schema: updateBudgetSchema,
    part: 'body',
    as: 'user',
    valid: () => ({ budget: 1000, budgetBreakdown: { accommodation: 600, food: 400 } }),
  },
  {
    route: 'PATCH /api/travel/:id/status',
    schema: travelStatusSchema,
    part: 'body',
    as: 'user',
    valid: () => ({ status: 'booked' }),
  },
  {
    route: 'POST /api/websites',
    schema: createWebsiteSchema,
    part: 'body',
    as: 'user',
    valid: () => ({ url: 'https://fuzz.example.com', name: 'Fuzz site', platform: 'custom' }),
  },
  {
    route: 'PATCH /api/websites/:id',
    schema: updateWebsiteSchema,
    part: 'body',
    as: 'user',
    valid: () => ({
      name: 'Renamed site',
      platform: 'wordpress',
      isActive: false,
      wordpress: { username: 'editor', applicationPassword: 'abcd efgh' },
    }),
  },
  {
    route: 'GET /api/websites/:id/analytics',
    schema: websiteAnalyticsQuerySchema,
    part: 'query',
    as: 'user',
    valid: () => ({ days: '30' }),
  },
  {
    route: 'POST /api/websites/:id/blog',
    schema: createBlogPostSchema,
    part: 'body',
    as: 'user',
    valid: () => ({ topic: 'Fuzz topic', keywords: ['fuzz'] }),
  },
  {
    route: 'POST /api/auth/register',
    schema: registerSchema,
    part: 'body',
    as: 'anonymous',
    valid: () => ({ email: 'new@example.com', password: 'long enough password', firstName: 'New', lastName: 'Person' }),
  },
  {
    route: 'POST /api/auth/login',
    schema: loginSchema,
    part: 'body',
    as: 'anonymous',
    valid: () => ({ email: 'someone@example.com', password: 'whatever' }),
  },
  {
    route: 'POST /api/auth/two-factor',
    schema: twoFactorSignInSchema,
    part: 'body',
    as: 'anonymous',
    valid: () => ({ code: '123456' }),
  },
  {
    route: 'POST /api/account/two-factor/confirm',
    schema: confirmTwoFactorSchema,
    part: 'body',
    as: 'user',
    valid: () => ({ code: '123456' }),
  },
  {
    route: 'POST /api/account/two-factor/disable',
    schema: disableTwoFactorSchema,
    part: 'body',
    as: 'user',
    valid: () => ({ password: 'not the password' }),
  },
  {
    route: 'POST /api/account/delete',
    schema: deleteAccountSchema,
    part: 'body',
    as: 'user',
    valid: () => ({ password: 'not the password' }),
  },
  {
    route: 'POST /api/account/password',
    schema: changePasswordSchema,
    part: 'body',
    as: 'user',
    valid: () => ({ currentPassword: 'not the password', newPassword: 'long enough password' }),
  },
  {
    route: 'POST /api/auth/password-reset/request',
    schema: passwordResetRequestSchema,
    part: 'body',
    as: 'anonymous',
    valid: () => ({ email: 'someone@example.com' }),
  },
  {
    route: 'POST /api/auth/password-reset',
    schema: passwordResetSchema,
    part: 'body',
    as: 'anonymous',
    valid: () => ({ token: 'A'.repeat(43), password: 'long enough password' }),
  },
  {
    route: 'POST /api/auth/verify-email',
    schema: verifyEmailSchema,
    part: 'body',
    as: 'anonymous',
    valid: () => ({ token: 'A'.repeat(43) }),
  },
  // The websites' tracking collector (public, cross-origin). Its valid events answer 202 even for unknown keys; rejected ones 400.
  {
    route: 'POST /api/collect',
    schema: collectEventSchema,
    part: 'body',
    as: 'anonymous',
    valid: () => ({
      siteKey: 'fuzzSiteKey',
      type: 'pageview',
      url: 'https://fuzz.example/page',
      referrer: 'https://news.example/',
      engagedMs: 10,
    }),
    textPlain: true,
  },
];

/** The concrete path of a route: its :params filled from `ids`, or with `override` for every param. */
function pathOf(route: string, override?: string): string {
  const path = route.split(' ')[1];
  return path.replace(/:(\w+)/g, (_m, name: string) => {
    if (override !== undefined) return encodeURIComponent(override);
    if (path.startsWith('/api/tasks')) return String(ids.task);
    if (path.startsWith('/api/events')) return String(ids.event);
    if (path.startsWith('/api/admin/features')) return String(ids.feature);
    if (path.startsWith('/api/admin/users')) return String(ids.plainUser);
    if (path.startsWith('/api/admin/modules')) return 'organiser';
    if (path.startsWith('/api/calendar-integrations')) return String(ids.integration);
    if (path.startsWith('/api/documents')) return String(ids.document);
    if (path.startsWith('/api/document-folders')) return String(ids.folder);
    if (path.startsWith('/api/research')) return String(ids.research);
    if (path.startsWith('/api/social')) return String(ids.socialPost);
    if (path.startsWith('/api/travel')) return String(ids.travelPlan);
    if (path.startsWith('/api/websites')) return String(ids.website);
    throw new Error(`no id for :${name} in ${route}`);
  });
}

// ---------------------------------------------------------------------------------------------
// Arbitraries

const HUGE = 'A'.repeat(1_000_000); // ~1 MB, still under the body limit once wrapped in JSON
/**
 * 10 000 levels of nesting. Even JSON.stringify overflows the stack on such a value, so the
 * generated bodies carry a marker string and serialize() splices the nested text in at send time.
 */
const DEPTH = 10_000;
const DEEP = '\u0001deep-object\u0001';
const DEEP_ARRAY = '\u0001deep-array\u0001';
const DEEP_TEXT = new Map([
  [JSON.stringify(DEEP), `${'{"a":'.repeat(DEPTH)}"bottom"${'}'.repeat(DEPTH)}`],
  [JSON.stringify(DEEP_ARRAY), `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`],
]);

/** The JSON text a generated value is sent as (markers replaced by the nested text). */
function serialize(value: unknown): string {
  let text = JSON.stringify(value);
  for (const [marker, nested] of DEEP_TEXT) text = text.replaceAll(marker, nested);
  return text;
}

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202eevil',
  '💥'.repeat(50),
  "' OR '1'='1",
  '1; DROP TABLE users;--',
  "Robert'); DROP TABLE tasks;--",
  "' UNION SELECT password_hash FROM users --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '__proto__',
  'not a date',
  '2026-13-45T25:61:00Z',
  '2026-02-30T10:00:00Z',
  '0000-00-00T00:00:00Z',
  '+275760-09-13T00:00:00.001Z',
  '-271821-04-20T00:00:00Z',
  '2026-12-01',
  '1e309',
  'NaN',
  'Infinity',
  'null',
  'true',
  HUGE,
];
const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 31,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MIN_VALUE,
  8.64e15 + 1,
];

/** Any UTF-16 code unit, lone surrogates and NUL included. */
const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
const wildString = fc.string({ unit: anyUnit, maxLength: 40 });

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
  { weight: 2, arbitrary: wildString },
  { weight: 1, arbitrary: fc.double() }, // NaN and ±Infinity travel as null in JSON
  { weight: 1, arbitrary: fc.integer() },
);
/** A nasty value for one field: a leaf, a small array or object of leaves, or 10 000 levels deep. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(wildString, leaf, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(DEEP, DEEP_ARRAY) },
);

function fieldsOf(schema: z.ZodType): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  if (!shape) throw new Error('fuzzed schemas must be zod objects (refinements keep the shape)');
  return Object.keys(shape);
}

/**
 * Always tried, whatever the seed, before the random runs: every field set to the nastiest values
 * (10 000 levels deep, ~1 MB, NUL, a lone surrogate), where the contract rejects the result.
 */
function fixedExamples(route: FuzzRoute): Array<[Attempt]> {
  const bodies = fieldsOf(route.schema).flatMap((field) =>
    [DEEP, DEEP_ARRAY, HUGE, '\u0000', '\ud800'].map((value) => ({ ...route.valid(), [field]: value })),
  );
  return [...bodies, DEEP, DEEP_ARRAY]
    .filter((body) => !rejectedByPipe(route.schema, body).accepted)
    .map((payload) => [{ label: describe_(payload), payload }]);
}

interface Attempt {
  /** What was sent, for the failure message. */
  label: string;
  /** The JSON body, or the raw query string. */
  payload: unknown;
}

/** Hostile bodies for a route: one field replaced, fields removed, extra ones, wrong top-level types. */
function bodyAttempts(route: FuzzRoute): fc.Arbitrary<Attempt> {
  const fields = fieldsOf(route.schema);
  const field = fc.constantFrom(...fields);
  const replaced = fc.tuple(field, nastyValue).map(([name, value]) => ({ ...route.valid(), [name]: value }));
  const several = fc
    .dictionary(fc.constantFrom(...fields), nastyValue, { minKeys: 1, maxKeys: fields.length })
    .map((changes) => ({ ...route.valid(), ...changes }));
  const removed = fc.subarray(fields, { minLength: 1 }).map((names) => {
    const body = route.valid();
    for (const name of names) delete body[name];
    return body;
  });
  const extra = fc
    .tuple(
      fc.constantFrom('isAdmin', 'role', 'id', 'userId', 'passwordHash', 'constructor', 'x'),
      nastyValue,
      fc.tuple(field, nastyValue),
    )
    .map(([name, value, [bad, badValue]]) => ({ ...route.valid(), [name]: value, [bad]: badValue }));
  const wrongTop = fc.oneof(
    leaf,
    fc.array(leaf, { maxLength: 3 }),
    fc.constant([route.valid()]),
    fc.constantFrom(DEEP, DEEP_ARRAY),
    fc.dictionary(wildString, nastyValue, { maxKeys: 4 }),
  );
  return fc
    .oneof(
      { weight: 4, arbitrary: replaced },
      { weight: 2, arbitrary: several },
      { weight: 2, arbitrary: removed },
      { weight: 2, arbitrary: extra },
      { weight: 2, arbitrary: wrongTop },
    )
    .filter((body) => !rejectedByPipe(route.schema, body).accepted)
    .map((payload) => ({ label: describe_(payload), payload }));
}

/** Percent-encoded oddities that querystring decodes to NUL, lone surrogates' bytes, invalid UTF-8. */
const RAW_QUERY_VALUES = [
  '%00',
  '%ED%A0%80',
  '%FF%FE',
  '%C0%AF',
  '%',
  '%zz',
  "1'%20OR%20'1'%3D'1",
  '%3Cscript%3E',
  'a'.repeat(5000),
  '2026-13-45T25%3A61%3A00Z',
  'NaN',
  '',
];

/** Hostile query strings: wrong values, repeated keys (arrays), unknown keys, over-long values. */
function queryAttempts(route: FuzzRoute): fc.Arbitrary<Attempt> {
  const fields = fieldsOf(route.schema);
  const encode = (value: string) => encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '?'));
  const value = fc.oneof(
    fc.constantFrom(...RAW_QUERY_VALUES),
    fc.constantFrom(...NASTY_STRINGS.filter((s) => s.length < 10_000)).map(encode),
    wildString.map(encode),
  );
  const pair = fc.tuple(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...fields) },
      { weight: 1, arbitrary: fc.constantFrom('q[]', 'from[a]', '__proto__', 'x') },
    ),
    value,
  );
  return fc
    .array(pair, { minLength: 1, maxLength: 4 })
    .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&'))
    .filter((raw) => !rejectedByPipe(route.schema, { ...querystring.parse(raw) }).accepted)
    .map((raw) => ({ label: `?${raw.length > 200 ? `${raw.slice(0, 200)}…` : raw}`, payload: raw }));
}

const isPlainObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The oracle: what ZodValidationPipe would do with this value (a non-object body is refused before the schema). */
function rejectedByPipe(schema: z.ZodType, value: unknown): { accepted: boolean } {
  try {
    // JSON round trip: what the server will actually parse (NaN → null, lone surrogates kept, nesting spliced in).
    const parsed: unknown = JSON.parse(serialize(value));
    return { accepted: isPlainObject(parsed) && schema.safeParse(parsed).success };
  } catch {
    // A schema that throws on the value (e.g. overflows the stack) cannot accept it either.
    return { accepted: false };
  }
}

/** A short, readable description of an input for failure messages. */
function describe_(value: unknown): string {
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v === DEEP) return '<10 000-level object>';
    if (v === DEEP_ARRAY) return '<10 000-level array>';
    if (v === HUGE) return '<1 MB string>';
    if (typeof v === 'number' && !Number.isFinite(v)) return `<${v}>`;
    return v;
  });
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

// ---------------------------------------------------------------------------------------------
// The app, its agents and the database snapshot

let t: TestApp;
let db: DataSource;
const agents = {} as Record<Who, Agent>;
let snapshotSql = '';
const stats = { routes: new Set<string>(), requests: 0, failures: 0, started: Date.now() };

/** Row count and a content hash per table (all of public but express-session's `session` and the rate-limit counters). */
async function snapshot(): Promise<Record<string, string>> {
  const rows = (await db.query(snapshotSql)) as Array<{ name: string; n: string; h: string }>;
  return Object.fromEntries(rows.map((row) => [row.name, `${row.n} rows, md5 ${row.h}`]));
}

function send(route: FuzzRoute | string, agent: Agent, path: string, payload?: unknown, query?: string) {
  const method = (typeof route === 'string' ? route : route.route).split(' ')[0].toLowerCase() as
    'get' | 'post' | 'patch' | 'put' | 'delete';
  const url = query !== undefined ? `${path}?${query}` : path;
  const test = agent[method](url);
  return payload === undefined ? test : test.set('Content-Type', 'application/json').send(serialize(payload));
}

/** Checks one response; returns a failure description (route + input + what went wrong) or undefined. */
function problemWith(response: request.Response, acceptable: ReadonlySet<number> = ACCEPTABLE): string | undefined {
  stats.requests += 1;
  const raw = response.text ?? '';
  if (!acceptable.has(response.status))
    return `answered ${response.status} (expected one of ${[...acceptable].join('/')}): ${raw.slice(0, 300)}`;
  if (!/application\/json/.test(String(response.headers['content-type'])))
    return `answered ${response.status} with content-type ${response.headers['content-type']}`;
  if (typeof response.body?.message !== 'string')
    return `answered ${response.status} without a string message: ${raw.slice(0, 300)}`;
  const leak = LEAKS.find((needle) => raw.includes(needle));
  if (leak) return `leaked "${leak}" in ${raw.slice(0, 300)}`;
  if (STACK_FRAME.test(raw)) return `leaked a stack trace: ${raw.slice(0, 300)}`;
  return undefined;
}

async function expectHealthy(after: string) {
  const response = await request(t.http).get('/api/health');
  if (response.status !== 200) throw new Error(`GET /api/health answered ${response.status} after ${after}`);
}

beforeAll(async () => {
  t = await createTestApp({ env: SWEEP_SUITE_ENV });
  db = t.app.get<DataSource>(getDataSourceToken());
  const { admin, user, userId } = await signUpAdminAndUser(t.http);
  agents.admin = admin;
  agents.user = user;
  agents.anonymous = request.agent(t.http);
  ids.plainUser = userId;
  ids.task = (await user.post('/api/tasks').send(buildTask()).expect(201)).body.id;
  ids.event = (
    await user
      .post('/api/events')
      .send({ title: 'Existing', startTime: '2026-12-01T10:00:00Z', endTime: '2026-12-01T11:00:00Z' })
      .expect(201)
  ).body.id;
  ids.feature = (await admin.post('/api/admin/features').send({ name: 'fuzz.existing' }).expect(201)).body.id;
  ids.folder = (await user.post('/api/document-folders').send({ name: 'Existing' }).expect(201)).body.id;
  ids.document = (
    await user
      .post('/api/documents')
      .attach('files', Buffer.from('Existing document'), { filename: 'existing.txt' })
      .expect(201)
  ).body.documents[0].id;
  ids.research = (await user.post('/api/research/start').send({ topic: 'Existing research' }).expect(201)).body.id;
  ids.socialPost = (
    await user.post('/api/social/create').send({ platform: 'linkedin', topic: 'Existing post' }).expect(201)
  ).body.id;
  ids.travelPlan = (
    await user
      .post('/api/travel/create')
      .send({ destination: 'Existing trip', startDate: '2030-05-01', endDate: '2030-05-03' })
      .expect(201)
  ).body.id;
  ids.website = (
    await user.post('/api/websites').send({ url: 'https://existing.example.com', name: 'Existing site' }).expect(201)
  ).body.id;
  // A login target that exists, so rejected logins would have something to touch.
  await signUp(request.agent(t.http), { email: 'someone@example.com' });

  const tables = (await db.query(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('session', 'rate_limit_counters') ORDER BY tablename`,
  )) as Array<{ tablename: string }>;
  snapshotSql = tables
    .map(({ tablename }) => {
      const name = `"${tablename.replaceAll('"', '""')}"`;
      return `SELECT '${tablename}' AS name, count(*)::text AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${name} x`;
    })
    .join(' UNION ALL ');
}, 60_000);

afterAll(async () => {
  const seconds = ((Date.now() - stats.started) / 1000).toFixed(1);
  console.log(
    `bad-input fuzz: ${stats.routes.size} routes, ${stats.requests} requests, ${stats.failures} failures, ${seconds} s`,
  );
  await t?.close();
});

// ---------------------------------------------------------------------------------------------

describe.each(ROUTES.map((route) => [route.route, route] as const))('%s', (_name, route) => {
  it(`answers every input its contract rejects with a readable 4xx and leaves the database unchanged (${NUM_RUNS} runs)`, async () => {
    stats.routes.add(route.route);
    // The base really is valid, so single-field mutations test that field.
    expect(route.schema.safeParse(route.valid()).success).toBe(true);
    const agent = agents[route.as];
    const path = pathOf(route.route);
    const before = await snapshot();
    const arbitrary = route.part === 'body' ? bodyAttempts(route) : queryAttempts(route);

    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ label, payload }) => {
        const response =
          route.part === 'body'
            ? await send(route, agent, path, payload)
            : await send(route, agent, path, undefined, payload as string);
        const problem = problemWith(response);
        const after = await snapshot();
        const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
        if (problem || changed.length) {
          stats.failures += 1;
          throw new Error(`${route.route} with ${label}: ${problem ?? `changed the database (${changed.join(', ')})`}`);
        }
      }),
      {
        numRuns: NUM_RUNS,
        examples: route.part === 'body' ? fixedExamples(route) : [],
        seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31),
        endOnFailure: true,
      },
    );
    await expectHealthy(`the ${route.route} batch`);
  });
});

describe('transport-level bad input', () => {
  const bodyRoutes = ROUTES.filter((route) => route.part === 'body');

  async function expectRefused(
    route: FuzzRoute,
    label: string,
    build: (test: request.Test) => request.Test,
    acceptable?: ReadonlySet<number>,
    message?: RegExp,
  ) {
    const before = await snapshot();
    const method = route.route.split(' ')[0].toLowerCase() as 'post' | 'patch';
    const response = await build(agents[route.as][method](pathOf(route.route)));
    const problem = problemWith(response, acceptable);
    const after = await snapshot();
    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    if (problem || changed.length || (message && !message.test(response.body?.message))) {
      stats.failures += 1;
      throw new Error(
        `${route.route} with ${label}: ${problem ?? (changed.length ? `changed the database (${changed.join(', ')})` : `message was ${JSON.stringify(response.body?.message)}`)}`,
      );
    }
  }

  it.each(bodyRoutes.map((route) => [route.route, route] as const))(
    '%s: malformed JSON → 400',
    async (_name, route) => {
      stats.routes.add(route.route);
      for (const raw of [
        '{"title":',
        '{title: "x"}',
        "{'a': 1}",
        '{"a":1,}',
        'NaN',
        '{"a": NaN}',
        '\u0000',
        '{"a":"\\ud800"',
        '['.repeat(100_000),
      ]) {
        await expectRefused(
          route,
          `body ${JSON.stringify(raw.slice(0, 40))}`,
          (test) => test.set('Content-Type', 'application/json').send(raw),
          new Set([400]),
          /Malformed JSON/,
        );
      }
    },
  );

  it.each(bodyRoutes.map((route) => [route.route, route] as const))(
    '%s: another content type → 4xx with a message',
    async (_name, route) => {
      const json = JSON.stringify(route.valid());
      const cases: Array<[string, string]> = [
        ...(route.textPlain ? [] : ([['text/plain', json]] as Array<[string, string]>)),
        ['application/x-www-form-urlencoded', 'title=x&email=a%40b.c&password=12345678'],
        ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n--x--'],
        ['application/xml', '<task><title>x</title></task>'],
      ];
      for (const [type, body] of cases) {
        await expectRefused(route, `Content-Type ${type}`, (test) => test.set('Content-Type', type).send(body));
      }
    },
  );

  it.each(bodyRoutes.map((route) => [route.route, route] as const))(
    '%s: a body over 1 MB → 413',
    async (_name, route) => {
      const body = JSON.stringify({ ...route.valid(), padding: 'x'.repeat(1_100_000) });
      await expectRefused(
        route,
        'a 1.1 MB body',
        (test) => test.set('Content-Type', 'application/json').send(body),
        new Set([413]),
        /too large/,
      );
    },
  );

  // Found by this suite: the metadata size refine's JSON.stringify overflowed the stack → 500.
  it.each([
    ['POST /api/events', {}],
    ['PATCH /api/events/:id', {}],
  ])('%s: 10 000-level metadata → 400 "Request is too deeply nested"', async (name) => {
    const route = ROUTES.find((r) => r.route === name)!;
    const body = serialize({ ...route.valid(), metadata: DEEP });
    await expectRefused(
      route,
      '10 000-level metadata',
      (test) => test.set('Content-Type', 'application/json').send(body),
      new Set([400]),
      /too deeply nested/,
    );
  });

  const ID_ROUTES = [
    'PATCH /api/tasks/:id',
    'DELETE /api/tasks/:id',
    'PATCH /api/events/:id',
    'DELETE /api/events/:id',
    'PATCH /api/admin/features/:id',
    'PATCH /api/admin/users/:userId/role',
    'PATCH /api/admin/users/:userId/plan',
    'PATCH /api/admin/modules/:id',
    'PATCH /api/calendar-integrations/:id',
    'DELETE /api/calendar-integrations/:id',
    'POST /api/calendar-integrations/:id/sync',
    'PATCH /api/notifications/:id/read',
    'GET /api/calendar/feed/:file',
    'PATCH /api/travel/:id',
    'DELETE /api/travel/:id',
    'PATCH /api/travel/:id/checklist/item',
    'PATCH /api/travel/:id/status',
    'POST /api/travel/:id/regenerate',
  ];
  const BAD_IDS = [
    'abc',
    '-1',
    '0',
    '1.5',
    '1e3',
    ' 1',
    '0x10',
    '99999999999999999999',
    '2147483648',
    "1' OR '1'='1",
    '1;DROP TABLE tasks',
    '%00',
    '..%2F..%2Fetc%2Fpasswd',
  ];
  /** A body each :id route would accept, so only the id is wrong. */
  const BODY_FOR: Record<string, unknown> = {
    'PATCH /api/tasks/:id': { title: 'x' },
    'PATCH /api/events/:id': { title: 'x' },
    'PATCH /api/admin/features/:id': { enabled: true },
    'PATCH /api/admin/users/:userId/role': { role: 'admin' },
    'PATCH /api/admin/users/:userId/plan': { plan: 'premium' },
    'PATCH /api/admin/modules/:id': { manifestUrl: 'https://cdn.example.com/mf-manifest.json' },
    'PATCH /api/calendar-integrations/:id': { syncEnabled: false },
    'PATCH /api/travel/:id': { destination: 'x' },
    'PATCH /api/travel/:id/checklist/item': { category: 'Documents', itemIndex: 0, completed: true },
    'PATCH /api/travel/:id/status': { status: 'booked' },
  };

  it.each(ID_ROUTES.map((route) => [route] as const))('%s: bad ids → 400 or 404', async (route) => {
    stats.routes.add(route);
    const agent = route.includes('/admin/') ? agents.admin : agents.user;
    const before = await snapshot();
    for (const id of BAD_IDS) {
      // '%00' and the traversal are sent already encoded; the rest are encoded here.
      const path = id.includes('%') ? route.split(' ')[1].replace(/:\w+/, id) : pathOf(route, id);
      const response = await send(route, agent, path, BODY_FOR[route]);
      const problem = problemWith(response, new Set([400, 404]));
      if (problem) {
        stats.failures += 1;
        throw new Error(`${route} with id ${JSON.stringify(id)}: ${problem}`);
      }
    }
    const after = await snapshot();
    expect(after).toEqual(before);
    await expectHealthy(`bad ids on ${route}`);
  });
});
