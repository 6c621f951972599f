import { QueryFailedError } from 'typeorm';

/** Postgres's SQLSTATE for a unique constraint violation. */
const UNIQUE_VIOLATION = '23505';

/** True when a query failed on a unique constraint (a taken email, a taken toggle name). */
export function isUniqueViolation(error: unknown): boolean {
  return (
    error instanceof QueryFailedError && (error.driverError as { code?: string } | undefined)?.code === UNIQUE_VIOLATION
  );
}
