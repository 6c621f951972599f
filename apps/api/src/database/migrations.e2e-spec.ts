import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { dataSourceOptions, MIGRATIONS } from './data-source';

let database: TestDatabase;
let dataSource: DataSource;

beforeAll(async () => {
  database = await createTestDatabase({ empty: true });
  dataSource = await new DataSource({ ...dataSourceOptions(database.url), migrationsRun: false }).initialize();
});
afterAll(async () => {
  await dataSource.destroy();
  await database.drop();
});

const tables = async () =>
  (
    await dataSource.query<{ table_name: string }[]>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name NOT IN ('migrations', 'typeorm_metadata') ORDER BY table_name`,
    )
  ).map((row) => row.table_name);

/** Every table the migrations create, in name order. */
const ALL_TABLES = [
  'account_tokens',
  'activity_logs',
  'attachment_rules',
  'calendar_event_links',
  'calendar_feeds',
  'calendar_integrations',
  'calendar_invitations',
  'digest_deliveries',
  'document_folders',
  'documents',
  'email_auto_responses',
  'email_bulk_undo',
  'email_compose_uploads',
  'email_counts',
  'email_integrations',
  'email_sender_rules',
  'email_triage_corrections',
  'email_triage_labels',
  'email_triage_tokens',
  'emails',
  'events',
  'feature_toggles',
  'module_sources',
  'notifications',
  'outgoing_emails',
  'profiles',
  'push_subscriptions',
  'rate_limit_counters',
  'research_reports',
  'research_run_starts',
  'session',
  'social_accounts',
  'social_engagement_snapshots',
  'social_posts',
  'suggestions',
  'tasks',
  'travel_plans',
  'two_factor_credentials',
  'two_factor_recovery_codes',
  'user_identities',
  'users',
  'website_blog_posts',
  'website_custom_events',
  'website_daily_campaigns',
  'website_daily_events',
  'website_daily_goals',
  'website_daily_pages',
  'website_daily_sources',
  'website_daily_stats',
  'website_goals',
  'website_pageviews',
  'website_rollup_state',
  'website_sessions',
  'website_uptime_checks',
  'website_visitor_salts',
  'websites',
];

describe('migrations', () => {
  it('create every table on an empty database', async () => {
    expect(await tables()).toEqual([]);
    const applied = await dataSource.runMigrations();
    expect(applied.map((m) => m.name)).toEqual(MIGRATIONS.map((m) => m.name));
    expect(await tables()).toEqual(ALL_TABLES);
  });

  it('seed one enabled, free, not admin-only toggle per module group', async () => {
    const rows = await dataSource.query(
      `SELECT name, enabled, "planRequired", "adminOnly" FROM feature_toggles ORDER BY name`,
    );
    expect(rows).toEqual(
      ['documents', 'email', 'organiser', 'research', 'social', 'travel', 'website'].map((id) => ({
        name: `module.${id}`,
        enabled: true,
        planRequired: 'free',
        adminOnly: false,
      })),
    );
  });

  it('leave nothing for the entities to change (the schema matches them)', async () => {
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it("give the session table connect-pg-simple's layout", async () => {
    const columns = await dataSource.query(
      `SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'session' ORDER BY ordinal_position`,
    );
    expect(columns).toEqual([
      { column_name: 'sid', data_type: 'character varying' },
      { column_name: 'sess', data_type: 'json' },
      { column_name: 'expire', data_type: 'timestamp without time zone' },
    ]);
    const indexes = await dataSource.query(
      `SELECT indexname FROM pg_indexes WHERE tablename = 'session' ORDER BY indexname`,
    );
    expect(indexes.map((i: { indexname: string }) => i.indexname)).toEqual([
      'IDX_session_expire',
      'IDX_session_user',
      'session_pkey',
    ]);
  });

  it('revert cleanly, newest first, to an empty database', async () => {
    for (let i = 0; i < MIGRATIONS.length; i++) await dataSource.undoLastMigration();
    expect(await tables()).toEqual([]);
    expect(await dataSource.query('SELECT * FROM migrations')).toEqual([]);
  });

  it('apply again after a full revert', async () => {
    await dataSource.runMigrations();
    expect(await tables()).toEqual(ALL_TABLES);
  });
});
