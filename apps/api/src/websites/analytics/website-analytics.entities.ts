import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import { WebsiteEntity } from '../website.entity';

/** One random salt per UTC day (the visitor hash's); deleted once older than yesterday. */
@Entity('website_visitor_salts')
export class WebsiteVisitorSaltEntity {
  /** YYYY-MM-DD (UTC). */
  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'PK_website_visitor_salts' })
  day!: string;

  @Column({ type: 'bytea' })
  salt!: Buffer;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}

/**
 * One page view: the path (no query string) and the referring site's host; no IP, no User-Agent.
 * Partitioned by month of occurredAt (event-partitions.ts); whole months past ANALYTICS_RETENTION_DAYS
 * are dropped once rolled up.
 */
@Entity('website_pageviews')
@Index('IDX_website_pageviews_websiteId_occurredAt', ['websiteId', 'occurredAt'])
@Index('IDX_website_pageviews_websiteId_visitorHash_occurredAt', ['websiteId', 'visitorHash', 'occurredAt'])
export class WebsitePageviewEntity {
  /** bigint as decimal text (TypeORM's reading of bigint), from a sequence (an identity column on a partitioned table needs PostgreSQL 17). */
  @PrimaryGeneratedColumn('increment', { type: 'bigint', primaryKeyConstraintName: 'PK_website_pageviews' })
  id!: string;

  @Column({ type: 'integer' })
  websiteId!: number;

  @ManyToOne(() => WebsiteEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'websiteId', foreignKeyConstraintName: 'FK_website_pageviews_websiteId' })
  website?: WebsiteEntity;

  /** The day's salted visitor hash (64 bits, as decimal text). */
  @Column({ type: 'bigint' })
  visitorHash!: string;

  /** The partition key (by month), so part of the primary key. */
  @PrimaryColumn({ type: 'timestamptz', primaryKeyConstraintName: 'PK_website_pageviews' })
  occurredAt!: Date;

  @Column({ type: 'varchar', length: 2000 })
  pathname!: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  referrerHost!: string | null;

  /** The landing address's campaign tags, normalised (normalCampaignTag); null when it had none. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  utmSource!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  utmMedium!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  utmCampaign!: string | null;
}

/** A visitor's page views with at most 30 minutes between them. Bounce: pageViews = 1. */
@Entity('website_sessions')
@Index('IDX_website_sessions_websiteId_startedAt', ['websiteId', 'startedAt'])
@Index('IDX_website_sessions_websiteId_visitorHash_lastSeenAt', ['websiteId', 'visitorHash', 'lastSeenAt'])
export class WebsiteSessionEntity {
  @PrimaryGeneratedColumn('identity', {
    type: 'bigint',
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'PK_website_sessions',
  })
  id!: string;

  @Column({ type: 'integer' })
  websiteId!: number;

  @ManyToOne(() => WebsiteEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'websiteId', foreignKeyConstraintName: 'FK_website_sessions_websiteId' })
  website?: WebsiteEntity;

  @Column({ type: 'bigint' })
  visitorHash!: string;

  @Column({ type: 'timestamptz' })
  startedAt!: Date;

  /** The last page view or engagement report. */
  @Column({ type: 'timestamptz' })
  lastSeenAt!: Date;

  @Column({ type: 'integer', default: 1 })
  pageViews!: number;

  /** Visible time reported by the script over the session. */
  @Column({ type: 'integer', default: 0 })
  engagedMs!: number;

  @Column({ type: 'varchar', length: 2000 })
  entryPath!: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  referrerHost!: string | null;

  /** The landing address's campaign tags, normalised (normalCampaignTag); null when it had none. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  utmSource!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  utmMedium!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  utmCampaign!: string | null;
}

/** One uptime check of a site; kept 30 days. */
@Entity('website_uptime_checks')
@Index('IDX_website_uptime_checks_websiteId_checkedAt', ['websiteId', 'checkedAt'])
export class WebsiteUptimeCheckEntity {
  @PrimaryGeneratedColumn('identity', {
    type: 'bigint',
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'PK_website_uptime_checks',
  })
  id!: string;

  @Column({ type: 'integer' })
  websiteId!: number;

  @ManyToOne(() => WebsiteEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'websiteId', foreignKeyConstraintName: 'FK_website_uptime_checks_websiteId' })
  website?: WebsiteEntity;

  @Column({ type: 'timestamptz' })
  checkedAt!: Date;

  @Column({ type: 'boolean' })
  ok!: boolean;

  @Column({ type: 'smallint', nullable: true })
  statusCode!: number | null;

  @Column({ type: 'integer', nullable: true })
  responseMs!: number | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  error!: string | null;
}

/**
 * A named event a site sent (window.aide('signup'), a click on [data-aide-goal]); counted by event goals.
 * Partitioned by month as page views.
 */
@Entity('website_custom_events')
@Index('IDX_website_custom_events_websiteId_occurredAt', ['websiteId', 'occurredAt'])
@Index('IDX_website_custom_events_websiteId_visitorHash_occurredAt', ['websiteId', 'visitorHash', 'occurredAt'])
export class WebsiteCustomEventEntity {
  /** From a sequence (an identity column on a partitioned table needs PostgreSQL 17). */
  @PrimaryGeneratedColumn('increment', { type: 'bigint', primaryKeyConstraintName: 'PK_website_custom_events' })
  id!: string;

  @Column({ type: 'integer' })
  websiteId!: number;

  @ManyToOne(() => WebsiteEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'websiteId', foreignKeyConstraintName: 'FK_website_custom_events_websiteId' })
  website?: WebsiteEntity;

  @Column({ type: 'bigint' })
  visitorHash!: string;

  /** The partition key (by month), so part of the primary key. */
  @PrimaryColumn({ type: 'timestamptz', primaryKeyConstraintName: 'PK_website_custom_events' })
  occurredAt!: Date;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  /** The page it was sent from (path only, as page views). */
  @Column({ type: 'varchar', length: 2000 })
  pathname!: string;
}

/** A conversion the site's owner counts: a page path (trailing * for the pages under it) or an event name. */
@Entity('website_goals')
@Unique('UQ_website_goals_websiteId_kind_match', ['websiteId', 'kind', 'match'])
@Check('CHK_website_goals_kind', `"kind" IN ('page', 'event')`)
export class WebsiteGoalEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'PK_website_goals' })
  id!: number;

  @Column({ type: 'integer' })
  websiteId!: number;

  @ManyToOne(() => WebsiteEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'websiteId', foreignKeyConstraintName: 'FK_website_goals_websiteId' })
  website?: WebsiteEntity;

  @Column({ type: 'varchar', length: 10 })
  kind!: 'page' | 'event';

  @Column({ type: 'varchar', length: 100 })
  match!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}

/**
 * Up to which local day (in `timezone`, the owner's when rolled up) a site's daily roll-ups are
 * complete: the Analytics tab reads those days from the roll-ups and later ones from the raw events.
 */
@Entity('website_rollup_state')
export class WebsiteRollupStateEntity {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'PK_website_rollup_state' })
  websiteId!: number;

  @ManyToOne(() => WebsiteEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'websiteId', foreignKeyConstraintName: 'FK_website_rollup_state_websiteId' })
  website?: WebsiteEntity;

  @Column({ type: 'varchar', length: 64 })
  timezone!: string;

  /** YYYY-MM-DD, local. */
  @Column({ type: 'date' })
  rolledThrough!: string;

  /**
   * The roll-ups also hold the days after rolledThrough counted up to this instant (the intraday
   * roll-up); null when none, or since the collector wrote an event older than it.
   */
  @Column({ type: 'timestamptz', nullable: true })
  partialThrough!: Date | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}

/** One local day of a site: page views, visitors (distinct visitor hashes), and the sessions started that day. */
@Entity('website_daily_stats')
export class WebsiteDailyStatsEntity {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'PK_website_daily_stats' })
  websiteId!: number;

  @ManyToOne(() => WebsiteEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'websiteId', foreignKeyConstraintName: 'FK_website_daily_stats_websiteId' })
  website?: WebsiteEntity;

  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'PK_website_daily_stats' })
  day!: string;

  @Column({ type: 'integer' })
  pageViews!: number;

  @Column({ type: 'integer' })
  visitors!: number;

  @Column({ type: 'integer' })
  sessions!: number;

  /** Sessions of one page view. */
  @Column({ type: 'integer' })
  bounces!: number;

  /** The sessions' lengths (sessionSeconds), summed. */
  @Column({ type: 'double precision' })
  sessionSeconds!: number;
}

/** One local day's views and visitors of one page of a site. */
@Entity('website_daily_pages')
export class WebsiteDailyPageEntity {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'PK_website_daily_pages' })
  websiteId!: number;

  @ManyToOne(() => WebsiteEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'websiteId', foreignKeyConstraintName: 'FK_website_daily_pages_websiteId' })
  website?: WebsiteEntity;

  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'PK_website_daily_pages' })
  day!: string;

  @PrimaryColumn({ type: 'varchar', length: 2000, primaryKeyConstraintName: 'PK_website_daily_pages' })
  pathname!: string;

  @Column({ type: 'integer' })
  views!: number;

  @Column({ type: 'integer' })
  visitors!: number;
}

/** One local day's visitors of a site by the source of their sessions ('' for Direct). */
@Entity('website_daily_sources')
export class WebsiteDailySourceEntity {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'PK_website_daily_sources' })
  websiteId!: number;

  @ManyToOne(() => WebsiteEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'websiteId', foreignKeyConstraintName: 'FK_website_daily_sources_websiteId' })
  website?: WebsiteEntity;

  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'PK_website_daily_sources' })
  day!: string;

  @PrimaryColumn({ type: 'varchar', length: 255, primaryKeyConstraintName: 'PK_website_daily_sources' })
  source!: string;

  @Column({ type: 'integer' })
  visitors!: number;
}

/** One local day's visitors and sessions of a site by campaign tags ('' for a tag not given). */
@Entity('website_daily_campaigns')
export class WebsiteDailyCampaignEntity {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'PK_website_daily_campaigns' })
  websiteId!: number;

  @ManyToOne(() => WebsiteEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'websiteId', foreignKeyConstraintName: 'FK_website_daily_campaigns_websiteId' })
  website?: WebsiteEntity;

  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'PK_website_daily_campaigns' })
  day!: string;

  @PrimaryColumn({ type: 'varchar', length: 100, primaryKeyConstraintName: 'PK_website_daily_campaigns' })
  campaign!: string;

  @PrimaryColumn({ type: 'varchar', length: 100, primaryKeyConstraintName: 'PK_website_daily_campaigns' })
  source!: string;

  @PrimaryColumn({ type: 'varchar', length: 100, primaryKeyConstraintName: 'PK_website_daily_campaigns' })
  medium!: string;

  @Column({ type: 'integer' })
  visitors!: number;

  @Column({ type: 'integer' })
  sessions!: number;
}

/** One local day's count of a site's named event, and the visitors who sent it. */
@Entity('website_daily_events')
export class WebsiteDailyEventEntity {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'PK_website_daily_events' })
  websiteId!: number;

  @ManyToOne(() => WebsiteEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'websiteId', foreignKeyConstraintName: 'FK_website_daily_events_websiteId' })
  website?: WebsiteEntity;

  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'PK_website_daily_events' })
  day!: string;

  @PrimaryColumn({ type: 'varchar', length: 100, primaryKeyConstraintName: 'PK_website_daily_events' })
  name!: string;

  @Column({ type: 'integer' })
  visitors!: number;

  @Column({ type: 'integer' })
  events!: number;
}

/**
 * A page goal's conversions (distinct visitors who viewed a matching page) on one local day of its
 * site: exact where the daily pages cannot be (a visitor who saw two pages under a wildcard counts once).
 */
@Entity('website_daily_goals')
export class WebsiteDailyGoalEntity {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'PK_website_daily_goals' })
  goalId!: number;

  @ManyToOne(() => WebsiteGoalEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'goalId', foreignKeyConstraintName: 'FK_website_daily_goals_goalId' })
  goal?: WebsiteGoalEntity;

  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'PK_website_daily_goals' })
  day!: string;

  @Column({ type: 'integer' })
  conversions!: number;
}
