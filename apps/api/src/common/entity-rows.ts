import { createHash } from 'node:crypto';
import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';

/** An entity's selected columns as an SQL list, and the rows of that list back as entities. */
export interface EntityRows<T> {
  /** `alias."column" AS "<prefix>_<property>", …`: every column find() would select, named as find() names them. */
  readonly select: string;
  /** The entity a row of `select` describes, hydrated as TypeORM's find() does; null when its first column is null (no row, as after a LEFT JOIN). */
  hydrate(row: Record<string, unknown>): T | null;
  /**
   * Runs `sql` (which selects `select`) on the data source's own pool as the prepared statement
   * `name` (parsed and planned once per connection) and answers its rows as entities. Straight to
   * the pool: TypeORM's query runner (a runner object, its broadcaster, a checkout and release of
   * its own) costs more CPU than such a statement.
   */
  find(name: string, sql: string, parameters: unknown[]): Promise<T[]>;
  /** As find(), the rows as they came (for a statement that selects more than `select`: hydrate() each). */
  query(name: string, sql: string, parameters: unknown[]): Promise<Record<string, unknown>[]>;
}

/**
 * Runs `text` on the data source's own pool as the prepared statement `name` (parsed and planned
 * once per connection): for a fixed statement on a hot path, without TypeORM's query runner.
 */
export async function preparedQuery(
  dataSource: DataSource,
  name: string,
  text: string,
  values: unknown[],
): Promise<Record<string, unknown>[]> {
  return (await poolOf(dataSource).query({ name, text, values })).rows;
}

/**
 * dataSource.query(sql, values) straight to the data source's pool, as a prepared statement named
 * after its text: for the many small reads of a hot route (the dashboard's providers), where
 * TypeORM's query runner (a runner object, its broadcaster, a checkout and release of its own) costs
 * more CPU than such a statement, and where Postgres parsing and planning each statement anew cost
 * more than running it (issue 29: the dashboard's 17 statements took 0.7 ms to run and 6.9 ms of
 * Postgres' CPU unprepared, 4.1 ms prepared). Postgres plans the first five runs on a connection
 * for their values and then keeps a generic plan when it costs no more (dashboard-indexes.e2e-spec
 * checks that those read the same indexes). `text` must be a fixed statement with its values as
 * parameters; past PREPARED_TEXTS_MAX different texts, the rest run unprepared, so a caller that
 * builds its text from values cannot fill every connection with statements. Same rows, same pg
 * type parsing.
 */
export async function poolQuery<T = Record<string, unknown>>(
  dataSource: DataSource,
  text: string,
  values: unknown[],
): Promise<T[]> {
  return (await poolOf(dataSource).query({ name: statementName(text), text, values })).rows as T[];
}

/** Different statement texts poolQuery prepares (each connection keeps each one it has run). */
export const PREPARED_TEXTS_MAX = 256;
const statementNames = new Map<string, string>();

/** A name for a statement's text ('aide-q' and a hash of it), or undefined (unprepared) past PREPARED_TEXTS_MAX texts. */
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < PREPARED_TEXTS_MAX) {
    name = `aide-q${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** The pg pool under a PostgreSQL data source (TypeORM's PostgresDriver keeps it as `master`). */
function poolOf(dataSource: DataSource): {
  query(statement: { name?: string; text: string; values: unknown[] }): Promise<{ rows: Record<string, unknown>[] }>;
} {
  const pool = (dataSource.driver as unknown as { master?: unknown }).master;
  if (!pool || typeof (pool as { query?: unknown }).query !== 'function')
    throw new Error('entityRows needs a connected PostgreSQL data source');
  return pool as ReturnType<typeof poolOf>;
}

/**
 * For the hot paths that run one fixed statement many times a second (the session lookup, the
 * task list): TypeORM's find() builds its SQL and alias maps anew on every call, which costs more
 * CPU than the query itself. The statement is written once here from the entity's metadata, so
 * a column added to the entity is read too, and rows are turned into entities with the driver's
 * own conversions (prepareHydratedValue).
 */
export function entityRows<T extends ObjectLiteral>(
  dataSource: DataSource,
  target: EntityTarget<T>,
  alias: string,
  prefix: string,
): EntityRows<T> {
  const metadata = dataSource.getMetadata(target);
  const columns = metadata.columns.filter((column) => column.isSelect && !column.isVirtual);
  const keys = columns.map((column) => `${prefix}_${column.propertyPath}`);
  const select = columns.map((column, i) => `${alias}."${column.databaseName}" AS "${keys[i]}"`).join(', ');
  const driver = dataSource.driver;
  const hydrate = (row: Record<string, unknown>): T | null => {
    if (row[keys[0]] === null || row[keys[0]] === undefined) return null;
    const entity = metadata.create(undefined, { fromDeserializer: true }) as T;
    for (let i = 0; i < columns.length; i++)
      columns[i].setEntityValue(entity, driver.prepareHydratedValue(row[keys[i]], columns[i]));
    return entity;
  };
  return {
    select,
    hydrate,
    async find(name, sql, parameters) {
      return (await preparedQuery(dataSource, name, sql, parameters)).map((row) => hydrate(row)!);
    },
    query: (name, sql, parameters) => preparedQuery(dataSource, name, sql, parameters),
  };
}
