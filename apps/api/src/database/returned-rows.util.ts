/** TypeORM answers an UPDATE … RETURNING on Postgres as [rows, affected count]: the rows. */
export function returnedRows<T>(result: unknown): T[] {
  return Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number'
    ? (result[0] as T[])
    : (result as T[]);
}
