import type { MigrationInterface } from 'typeorm';

/**
 * What a migration class may declare about itself, read by the migration tests
 * (migration-rules.e2e-spec.ts; the rules are in DEPLOYMENT.md, Upgrades):
 *
 * - `static irreversible = 'why'`: its down() cannot give back what up() took (it throws, saying
 *   why); the reversibility test stops there instead of walking further down.
 * - `static contract = 'why'`: it removes or narrows something the previous release still uses
 *   (drops or renames a table or column, changes a column's type, makes a column required without
 *   a default, removes an enum value). Such a migration must only ship once no running version
 *   needs the old shape; the zero-downtime test refuses one without this marker.
 */
export interface MigrationMarkers {
  irreversible?: string;
  contract?: string;
}

export type MigrationClass = (new () => MigrationInterface) & MigrationMarkers & { name: string };

/** The marker's reason, or undefined; a marker must be a sentence that says why. */
export function markerOf(migration: MigrationClass, marker: keyof MigrationMarkers): string | undefined {
  const reason = migration[marker];
  if (reason === undefined) return undefined;
  if (typeof reason !== 'string' || reason.trim().length < 10)
    throw new Error(`${migration.name}.${marker} must say why, in a sentence`);
  return reason;
}
