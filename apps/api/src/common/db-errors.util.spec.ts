import { QueryFailedError } from 'typeorm';
import { isUniqueViolation } from './db-errors.util';

const queryFailed = (code: string) =>
  new QueryFailedError('INSERT …', [], Object.assign(new Error('failed'), { code }));

describe('isUniqueViolation', () => {
  it('is true for a failed query with Postgres code 23505', () => {
    expect(isUniqueViolation(queryFailed('23505'))).toBe(true);
  });

  it('is false for other query failures and other errors', () => {
    expect(isUniqueViolation(queryFailed('23503'))).toBe(false);
    expect(isUniqueViolation(Object.assign(new Error('not a query'), { code: '23505' }))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
