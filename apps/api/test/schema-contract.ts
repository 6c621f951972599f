import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

type Queryable = Pick<DataSource | EntityManager | QueryRunner, 'query'>;

/** What the previous version's code relies on: its tables, its columns' types and nullability, its enum values. */
export interface SchemaShape {
  tables: string[];
  /** 'table.column' → its type, whether it is required, whether the database fills it when an INSERT leaves it out. */
  columns: Record<string, { type: string; notNull: boolean; filled: boolean }>;
  enums: Record<string, string[]>;
}

export async function schemaShape(db: Queryable): Promise<SchemaShape> {
  const tables: { name: string }[] = await db.query(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND c.relname NOT IN ('migrations', 'typeorm_metadata') ORDER BY 1`,
  );
  const columns: { key: string; type: string; notNull: boolean; filled: boolean }[] = await db.query(
    `SELECT c.relname || '.' || a.attname AS key, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS "notNull",
            (a.atthasdef OR a.attidentity <> '' OR a.attgenerated <> '') AS filled
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND a.attnum > 0 AND NOT a.attisdropped`,
  );
  const enums: { name: string; labels: string[] }[] = await db.query(
    `SELECT t.typname AS name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS labels
       FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace JOIN pg_enum e ON e.enumtypid = t.oid
      WHERE n.nspname = 'public' GROUP BY t.typname`,
  );
  return {
    tables: tables.map((t) => t.name),
    columns: Object.fromEntries(columns.map(({ key, ...rest }) => [key, rest])),
    enums: Object.fromEntries(enums.map((e) => [e.name, e.labels])),
  };
}

const VARCHAR = /^character varying\((\d+)\)$/;

/** A column type the old code's values still fit: the same, a longer varchar, or text/unbounded varchar from a varchar. */
function widens(from: string, to: string): boolean {
  if (from === to) return true;
  const a = VARCHAR.exec(from);
  if (!a) return false;
  if (to === 'text' || to === 'character varying') return true;
  const b = VARCHAR.exec(to);
  return b !== null && Number(b[1]) >= Number(a[1]);
}

/**
 * The changes from `before` to `after` that can break the previous version's code while it still
 * runs (a rolling deploy: the new version migrates while the old one serves) — the "contract" half
 * of expand/contract. Adding tables, nullable or defaulted columns, indexes and enum values is
 * "expand" and not listed. Not detected (review them by hand): new or changed CHECK, UNIQUE and
 * foreign-key constraints, and data rewritten in place.
 */
export function contractChanges(before: SchemaShape, after: SchemaShape): string[] {
  const changes: string[] = [];
  const tablesAfter = new Set(after.tables);
  for (const table of before.tables) if (!tablesAfter.has(table)) changes.push(`table ${table} is dropped or renamed`);
  for (const [key, was] of Object.entries(before.columns)) {
    const [table] = key.split('.');
    if (!tablesAfter.has(table)) continue;
    const now = after.columns[key];
    if (!now) {
      changes.push(`column ${key} is dropped or renamed`);
      continue;
    }
    if (!widens(was.type, now.type)) changes.push(`column ${key} changes type from ${was.type} to ${now.type}`);
    if (!was.notNull && now.notNull) changes.push(`column ${key} becomes NOT NULL`);
    if (now.notNull && was.filled && !now.filled) changes.push(`column ${key} is NOT NULL and loses its default`);
  }
  const tablesBefore = new Set(before.tables);
  for (const [key, now] of Object.entries(after.columns)) {
    const [table] = key.split('.');
    if (tablesBefore.has(table) && !before.columns[key] && now.notNull && !now.filled)
      changes.push(`column ${key} is new, NOT NULL and without a default: the previous version's INSERTs would fail`);
  }
  for (const [name, labels] of Object.entries(before.enums)) {
    const kept = new Set(after.enums[name] ?? []);
    const lost = labels.filter((label) => !kept.has(label));
    if (lost.length) changes.push(`enum ${name} loses ${lost.join(', ')}`);
  }
  return changes;
}
