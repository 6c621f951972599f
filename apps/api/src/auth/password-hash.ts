import { hash, type HashOptions } from 'argon2';
import type { Env } from '../config/env.schema';

/** The cost PASSWORD_HASHING=fast-for-tests asks for: still argon2id, cheap enough for hundreds of test sign-ups. */
const FAST_FOR_TESTS: HashOptions = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** An argon2id hash of `password` at the cost PASSWORD_HASHING sets (argon2's defaults unless in tests). */
export function hashPassword(password: string, hashing: Env['PASSWORD_HASHING']): Promise<string> {
  return hashing === 'fast-for-tests' ? hash(password, FAST_FOR_TESTS) : hash(password);
}
