import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type Repository } from 'typeorm';
import { AccountToken, type AccountTokenPurpose } from './account-token.entity';

/** How long a link works: a day to confirm an address, an hour to set a new password. */
export const TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  'verify-email': 24 * 60 * 60 * 1000,
  'reset-password': 60 * 60 * 1000,
  'admin-reset': 24 * 60 * 60 * 1000,
};

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** One-use, expiring tokens for mailed links. The database keeps only their SHA-256. */
@Injectable()
export class AccountTokensService {
  constructor(@InjectRepository(AccountToken) private readonly tokens: Repository<AccountToken>) {}

  /** A new token for the user; earlier unused ones of the same purpose stop working. */
  async issue(userId: number, purpose: AccountTokenPurpose): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]);
    await this.tokens.update({ userId, purpose, usedAt: IsNull() }, { usedAt: new Date() });
    await this.tokens.insert({ userId, purpose, tokenHash: sha256(token), expiresAt });
    return { token, expiresAt };
  }

  /** Uses the token up and returns its user id; null when it is unknown, used or expired. One statement, so two uses cannot both succeed. */
  async consume(token: string, purpose: AccountTokenPurpose): Promise<number | null> {
    const rows: { userId: number }[] = await this.tokens.query(
      `UPDATE account_tokens SET "usedAt" = now() WHERE "tokenHash" = $1 AND purpose = $2 AND "usedAt" IS NULL AND "expiresAt" > now() RETURNING "userId"`,
      [sha256(token), purpose],
    );
    // TypeORM's postgres driver answers an UPDATE … RETURNING as [rows, count].
    const returned = Array.isArray(rows[0]) ? (rows[0] as unknown as { userId: number }[]) : rows;
    return returned[0]?.userId ?? null;
  }
}
