import { createHash, randomInt } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_PATTERN,
  REQUIRE_TWO_FACTOR_TOGGLE,
  type TwoFactorRecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@aide/contracts';
import { BadRequestException, ConflictException, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { verify } from 'argon2';
import { Secret, TOTP } from 'otpauth';
import { DataSource, IsNull, Not, type Repository } from 'typeorm';
import { CredentialsCipher } from '../common/crypto/credentials-cipher';
import { FeatureTogglesService, type ToggleSubject } from '../feature-toggles/feature-toggles.service';
import type { User } from '../users/user.entity';
import { TwoFactorCredentialEntity, TwoFactorRecoveryCodeEntity } from './two-factor.entities';

export const ISSUER = 'Aide';
export const WRONG_CODE = 'That code is not right. Check the time on your phone and try again.';
export const TOO_MANY_WRONG_CODES = 'Too many wrong codes. Try again in 5 minutes.';
export const ALREADY_ENABLED = 'Two-factor sign-in is already on';
export const SETUP_NOT_STARTED = 'Start two-factor setup first';
export const NOT_ENABLED = 'Two-factor sign-in is not on';
export const REQUIRED_BY_ADMIN = 'Your administrator requires two-factor sign-in, so it cannot be turned off';
export const WRONG_PASSWORD_OR_CODE = 'The password or code is not right';

/** Consecutive wrong codes before the account's second step is locked, and for how long. */
export const MAX_FAILED_CODES = 5;
export const LOCK_MS = 5 * 60_000;
/** One 30-second step either side of now: phones' clocks drift. */
const WINDOW = 1;
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

export type CodeCheck = 'totp' | 'recovery';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** 'abcde12345' and 'abcde-12345' are the same recovery code. */
const normaliseRecoveryCode = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, '');

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * TOTP (RFC 6238, SHA-1, 6 digits, 30 s: what every authenticator app speaks) through the
 * otpauth library, with the secret encrypted at rest by the CredentialsCipher. A code is accepted
 * once: its time step must be later than the last accepted one (replay refused). Wrong codes are
 * counted per account; MAX_FAILED_CODES in a row lock the second step for LOCK_MS.
 */
@Injectable()
export class TwoFactorService {
  constructor(
    @InjectRepository(TwoFactorCredentialEntity) private readonly credentials: Repository<TwoFactorCredentialEntity>,
    @InjectRepository(TwoFactorRecoveryCodeEntity)
    private readonly recoveryCodes: Repository<TwoFactorRecoveryCodeEntity>,
    private readonly dataSource: DataSource,
    private readonly cipher: CredentialsCipher,
    private readonly toggles: FeatureTogglesService,
  ) {}

  async isEnabled(userId: number): Promise<boolean> {
    return this.credentials.existsBy({ userId, confirmedAt: Not(IsNull()) });
  }

  /** Whether the admins' REQUIRE_TWO_FACTOR_TOGGLE applies to this user (its adminOnly and planRequired narrow it). */
  isRequiredFor(user: ToggleSubject): Promise<boolean> {
    return this.toggles.isEnabledFor(user, REQUIRE_TWO_FACTOR_TOGGLE);
  }

  async status(user: User): Promise<TwoFactorStatus> {
    const [enabled, required, recoveryCodesLeft] = await Promise.all([
      this.isEnabled(user.id),
      this.isRequiredFor(user),
      this.recoveryCodes.countBy({ userId: user.id, usedAt: IsNull() }),
    ]);
    return { enabled, required, recoveryCodesLeft: enabled ? recoveryCodesLeft : 0 };
  }

  /** A new secret, stored unconfirmed (replacing an earlier unconfirmed one); 409 when 2FA is already on. */
  async startSetup(user: User): Promise<TwoFactorSetup> {
    if (await this.isEnabled(user.id)) throw new ConflictException(ALREADY_ENABLED);
    const secret = new Secret({ size: 20 });
    await this.credentials.upsert(
      {
        userId: user.id,
        secret: this.cipher.encrypt(secret.base32),
        confirmedAt: null,
        lastUsedStep: null,
        failedAttempts: 0,
        lockedUntil: null,
      },
      ['userId'],
    );
    return { secret: secret.base32, otpauthUri: this.totp(secret.base32, user.email).toString() };
  }

  /** Turns 2FA on with the first code from the app and answers the recovery codes (shown this once). */
  async confirmSetup(user: User, code: string): Promise<TwoFactorRecoveryCodes> {
    const row = await this.credentials.findOneBy({ userId: user.id });
    if (row?.confirmedAt) throw new ConflictException(ALREADY_ENABLED);
    if (!row) throw new ConflictException(SETUP_NOT_STARTED);
    const step = this.matchingStep(row, code);
    if (step === null) throw new BadRequestException(WRONG_CODE);
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.dataSource.transaction(async (manager) => {
      await manager.update(
        TwoFactorCredentialEntity,
        { userId: user.id },
        { confirmedAt: new Date(), lastUsedStep: String(step), failedAttempts: 0, lockedUntil: null },
      );
      await manager.delete(TwoFactorRecoveryCodeEntity, { userId: user.id });
      await manager.insert(
        TwoFactorRecoveryCodeEntity,
        recoveryCodes.map((c) => ({ userId: user.id, codeHash: sha256(normaliseRecoveryCode(c)) })),
      );
    });
    return { recoveryCodes };
  }

  /**
   * Checks a sign-in code (TOTP or recovery) for a user with 2FA on, spending it: 401 for a wrong
   * one, 429 while locked after too many wrong ones.
   */
  async verifyCode(userId: number, code: string): Promise<CodeCheck> {
    const row = await this.credentials.findOneBy({ userId, confirmedAt: Not(IsNull()) });
    if (!row) throw new HttpException(WRONG_CODE, HttpStatus.UNAUTHORIZED);
    if (row.lockedUntil && row.lockedUntil.getTime() > Date.now())
      throw new HttpException(TOO_MANY_WRONG_CODES, HttpStatus.TOO_MANY_REQUESTS);
    const used = RECOVERY_CODE_PATTERN.test(code)
      ? await this.spendRecoveryCode(userId, code)
      : await this.spendTotp(row, code);
    if (used) {
      if (row.failedAttempts > 0 || row.lockedUntil)
        await this.credentials.update({ userId }, { failedAttempts: 0, lockedUntil: null });
      return used;
    }
    await this.recordFailure(userId);
    throw new HttpException(WRONG_CODE, HttpStatus.UNAUTHORIZED);
  }

  /** Turns 2FA off after the current password (or, without one, a code); 409 when an admin requires it. */
  async disable(user: User, proof: { password?: string; code?: string }): Promise<void> {
    if (!(await this.isEnabled(user.id))) throw new ConflictException(NOT_ENABLED);
    if (await this.isRequiredFor(user)) throw new ConflictException(REQUIRED_BY_ADMIN);
    const byPassword = Boolean(
      proof.password && user.passwordHash && (await verify(user.passwordHash, proof.password)),
    );
    if (!byPassword) {
      if (!proof.code) throw new HttpException(WRONG_PASSWORD_OR_CODE, HttpStatus.FORBIDDEN);
      try {
        await this.verifyCode(user.id, proof.code);
      } catch (error) {
        if (error instanceof HttpException && error.getStatus() === HttpStatus.UNAUTHORIZED)
          throw new HttpException(WRONG_PASSWORD_OR_CODE, HttpStatus.FORBIDDEN);
        throw error;
      }
    }
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(TwoFactorRecoveryCodeEntity, { userId: user.id });
      await manager.delete(TwoFactorCredentialEntity, { userId: user.id });
    });
  }

  private totp(base32: string, label: string): TOTP {
    return new TOTP({
      issuer: ISSUER,
      label,
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      secret: Secret.fromBase32(base32),
    });
  }

  /** The 30-second step the code belongs to (within WINDOW of now), or null. */
  private matchingStep(row: TwoFactorCredentialEntity, code: string): number | null {
    if (!/^\d{6}$/.test(code)) return null;
    const totp = this.totp(this.cipher.decrypt<string>(row.secret), '');
    const now = Date.now();
    const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
    return delta === null ? null : totp.counter({ timestamp: now }) + delta;
  }

  /** Accepts a code only if its step is later than the last accepted one, atomically (two requests with one code: one wins). */
  private async spendTotp(row: TwoFactorCredentialEntity, code: string): Promise<CodeCheck | null> {
    const step = this.matchingStep(row, code);
    if (step === null) return null;
    const result = await this.credentials
      .createQueryBuilder()
      .update()
      .set({ lastUsedStep: String(step) })
      .where('"userId" = :userId', { userId: row.userId })
      .andWhere('("lastUsedStep" IS NULL OR "lastUsedStep" < :step)', { step })
      .execute();
    return result.affected === 1 ? 'totp' : null;
  }

  private async spendRecoveryCode(userId: number, code: string): Promise<CodeCheck | null> {
    const result = await this.recoveryCodes.update(
      { userId, codeHash: sha256(normaliseRecoveryCode(code)), usedAt: IsNull() },
      { usedAt: new Date() },
    );
    return result.affected === 1 ? 'recovery' : null;
  }

  private async recordFailure(userId: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE "two_factor_credentials"
          SET "failedAttempts" = CASE WHEN "failedAttempts" + 1 >= $2 THEN 0 ELSE "failedAttempts" + 1 END,
              "lockedUntil" = CASE WHEN "failedAttempts" + 1 >= $2 THEN now() + ($3 || ' milliseconds')::interval ELSE "lockedUntil" END
        WHERE "userId" = $1`,
      [userId, MAX_FAILED_CODES, String(LOCK_MS)],
    );
  }
}
