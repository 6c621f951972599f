import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

type Queryable = Pick<DataSource | EntityManager | QueryRunner, 'query'>;

/**
 * The public schema as comparable text, one line per column, constraint, index, trigger, enum type
 * and function (TypeORM's own `migrations` and `typeorm_metadata` tables left out; partitions left out, since jobs make
 * them). Two databases with equal snapshots have the same schema as far as the app can tell.
 */
export interface SchemaSnapshot {
  tables: string[];
  columns: string[];
  constraints: string[];
  indexes: string[];
  triggers: string[];
  types: string[];
  functions: string[];
}

const TABLES = `
  SELECT c.oid, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
     AND c.relname NOT IN ('migrations', 'typeorm_metadata')`;

const lines = async (db: Queryable, sql: string): Promise<string[]> =>
  ((await db.query(sql)) as { line: string }[]).map((row) => row.line).sort();

/**
 * A CHECK constraint without its casts and parentheses: a dump reloaded into a newer server spells
 * `x IN ('a', 'b')` as `ANY (ARRAY[('a'::character varying)::text, …])` instead of
 * `ANY ((ARRAY['a'::character varying, …])::text[])`, the same constraint.
 */
const normaliseCheck = (line: string) =>
  line.includes(' CHECK ') ? line.replace(/::[a-z ]+(\[\])?/g, '').replace(/[()]/g, '') : line;

export async function schemaSnapshot(db: Queryable): Promise<SchemaSnapshot> {
  return {
    tables: await lines(db, `SELECT t.relname AS line FROM (${TABLES}) t`),
    columns: await lines(
      db,
      `SELECT t.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
              || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END
              || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '')
              || CASE WHEN a.attidentity <> '' THEN ' IDENTITY ' || a.attidentity::text ELSE '' END
              || CASE WHEN a.attgenerated <> '' THEN ' GENERATED ' || pg_get_expr(d.adbin, d.adrelid) ELSE '' END AS line
         FROM (${TABLES}) t JOIN pg_attribute a ON a.attrelid = t.oid
         LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE a.attnum > 0 AND NOT a.attisdropped`,
    ),
    constraints: (
      await lines(
        db,
        `SELECT t.relname || ' ' || c.conname || ' ' || pg_get_constraintdef(c.oid) AS line
           FROM (${TABLES}) t JOIN pg_constraint c ON c.conrelid = t.oid`,
      )
    ).map(normaliseCheck),
    indexes: await lines(
      db,
      `SELECT pg_get_indexdef(i.indexrelid) AS line FROM (${TABLES}) t JOIN pg_index i ON i.indrelid = t.oid`,
    ),
    triggers: await lines(
      db,
      `SELECT pg_get_triggerdef(g.oid) AS line FROM (${TABLES}) t JOIN pg_trigger g ON g.tgrelid = t.oid WHERE NOT g.tgisinternal`,
    ),
    types: await lines(
      db,
      `SELECT t.typname || ' ' || string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) AS line
         FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace JOIN pg_enum e ON e.enumtypid = t.oid
        WHERE n.nspname = 'public' GROUP BY t.typname`,
    ),
    functions: await lines(
      db,
      `SELECT p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ') ' || md5(p.prosrc) AS line
         FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'`,
    ),
  };
}
