import type { DataSource } from 'typeorm';

/**
 * The monthly partitions of the append-only tracking event tables (migration 1795401900000):
 * each table is partitioned by RANGE of "occurredAt", one partition per UTC month named
 * `<table>_YYYY_MM`, plus `<table>_default` for any row no month partition covers, all in the schema
 * EVENT_PARTITION_SCHEMA (so the application's tables in public stay one per entity).
 */
export const EVENT_PARTITION_SCHEMA = 'website_events';
export const PARTITIONED_EVENT_TABLES = ['website_pageviews', 'website_custom_events'] as const;
export type PartitionedEventTable = (typeof PARTITIONED_EVENT_TABLES)[number];
/** Month partitions made ahead of the current one (the maintenance job runs every few minutes). */
export const MONTHS_AHEAD = 2;

export interface MonthPartition {
  /** Name in EVENT_PARTITION_SCHEMA. */
  name: string;
  /** The month's first instant (UTC) and the next month's. */
  from: Date;
  to: Date;
}

/** The UTC month starting `offset` months after the one containing `at`. */
export function monthOf(at: Date, offset = 0): { month: string; from: Date; to: Date } {
  const from = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
  const to = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
  const month = `${from.getUTCFullYear()}_${String(from.getUTCMonth() + 1).padStart(2, '0')}`;
  return { month, from, to };
}

export function partitionOf(table: PartitionedEventTable, at: Date, offset = 0): MonthPartition {
  const { month, from, to } = monthOf(at, offset);
  return { name: `${table}_${month}`, from, to };
}

const MONTH_NAME = /_(\d{4})_(\d{2})$/;

/** A table's month partitions, oldest first (the DEFAULT one is not among them). */
export async function monthPartitions(dataSource: DataSource, table: PartitionedEventTable): Promise<MonthPartition[]> {
  const rows = await dataSource.query<{ name: string }[]>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = $1::regclass ORDER BY c.relname`,
    [`public.${table}`],
  );
  return rows.flatMap(({ name }) => {
    const match = MONTH_NAME.exec(name);
    if (!match || name !== `${table}_${match[1]}_${match[2]}`) return [];
    const from = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
    return [{ name, from, to: new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1)) }];
  });
}

/**
 * Makes the month partition if it is missing, in one transaction: rows of that month already in
 * the DEFAULT partition (written while no partition covered it) are moved into it first, as
 * PostgreSQL refuses a partition whose range the DEFAULT one holds rows of. Answers whether it made one.
 */
export async function ensureMonthPartition(
  dataSource: DataSource,
  table: PartitionedEventTable,
  partition: MonthPartition,
): Promise<boolean> {
  return dataSource.transaction(async (manager) => {
    // One maker at a time (two workers may run the maintenance at once).
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('aide.website-event-partitions'))`);
    const [exists] = await manager.query<unknown[]>(
      `SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relname = $2`,
      [EVENT_PARTITION_SCHEMA, partition.name],
    );
    if (exists) return false;
    const qualified = `"${EVENT_PARTITION_SCHEMA}"."${partition.name}"`;
    const bounds = `FROM ('${partition.from.toISOString()}') TO ('${partition.to.toISOString()}')`;
    await manager.query(`CREATE TABLE ${qualified} (LIKE "${table}" INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
    await manager.query(
      `WITH moved AS (
         DELETE FROM "${EVENT_PARTITION_SCHEMA}"."${table}_default" WHERE "occurredAt" >= $1 AND "occurredAt" < $2 RETURNING *
       ) INSERT INTO ${qualified} SELECT * FROM moved`,
      [partition.from, partition.to],
    );
    await manager.query(`ALTER TABLE "${table}" ATTACH PARTITION ${qualified} FOR VALUES ${bounds}`);
    return true;
  });
}

/** Drops a month partition (its rows go with it). */
export async function dropMonthPartition(dataSource: DataSource, partition: MonthPartition): Promise<void> {
  await dataSource.query(`DROP TABLE "${EVENT_PARTITION_SCHEMA}"."${partition.name}"`);
}
