import type { Client } from 'pg';

export const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

export interface ApplicationTable {
  name: string;
  columns: string[];
}

/** Tables whose rows triggers keep from other tables' (migration AddEmailCounts: email_counts from emails). */
export const DERIVED_TABLES: readonly string[] = ['email_counts'];

/**
 * The application's tables in schema public, parents before the tables whose foreign keys point at
 * them, so loading them in this order never breaks a foreign key. TypeORM's own `migrations` table
 * is left out (the manifest lists the migrations); a partitioned table counts once, as its parent
 * (its rows are read through the parent and loaded back through it into whatever partitions exist).
 * pg-boss's schema is not an application table: see DEPLOYMENT.md, Backups. Nor are the tables
 * triggers derive from others (DERIVED_TABLES): loading the rows they come from rebuilds them.
 */
export async function applicationTables(client: Client): Promise<ApplicationTable[]> {
  const tables = await client.query<{ name: string; columns: string[] }>(
    `SELECT c.relname AS name,
            array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relname <> 'migrations'
        AND c.relname <> ALL($1::text[])
      GROUP BY c.relname
      ORDER BY c.relname`,
    [DERIVED_TABLES],
  );
  const references = await client.query<{ child: string; parent: string }>(
    `SELECT DISTINCT child.relname AS child, parent.relname AS parent
       FROM pg_constraint k
       JOIN pg_class child ON child.oid = k.conrelid
       JOIN pg_class parent ON parent.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = child.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public' AND child.oid <> parent.oid AND k.conparentid = 0`,
  );
  const parents = new Map<string, Set<string>>(tables.rows.map((table) => [table.name, new Set<string>()]));
  for (const { child, parent } of references.rows) parents.get(child)?.add(parent);

  const ordered: ApplicationTable[] = [];
  const placed = new Set<string>();
  const pending = [...tables.rows];
  while (pending.length > 0) {
    const ready = pending.filter((table) =>
      [...(parents.get(table.name) ?? [])].every((parent) => placed.has(parent) || !parents.has(parent)),
    );
    if (ready.length === 0)
      throw new Error(`Foreign keys form a cycle between ${pending.map((table) => table.name).join(', ')}`);
    for (const table of ready) {
      ordered.push(table);
      placed.add(table.name);
      pending.splice(pending.indexOf(table), 1);
    }
  }
  return ordered;
}
