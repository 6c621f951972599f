import {
  APP_MAIL_NOT_CONFIGURED,
  type ChangePasswordInput,
  CURRENT_PASSWORD_WRONG,
  EMAIL_VERIFIED,
  PASSWORD_RESET_LINK_INVALID,
  type PasswordResetLink,
  type RegisterInput,
  VERIFICATION_NEEDS_MAIL,
  VERIFICATION_LINK_INVALID,
} from '@aide/contracts';
import {
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import { verify } from 'argon2';
import type { Repository } from 'typeorm';
import { hashPassword } from '../auth/password-hash';
import type { Env } from '../config/env.schema';
import { User } from '../users/user.entity';
import { USER_NOT_FOUND, UsersService } from '../users/users.service';
import {
  passwordChangedMail,
  passwordClearedMail,
  resetPasswordMail,
  signUpAttemptMail,
  verifyEmailMail,
} from './account-mails';
import { AccountTokensService } from './account-tokens.service';
import { AppMailer } from './app-mailer.service';
import { SessionRegistryService } from './session-registry.service';

export const ALREADY_VERIFIED = 'Your email address is already verified';

/** The pages the mailed links open (the shell's routes). */
export const VERIFY_EMAIL_PATH = '/verify-email?token=';
export const RESET_PASSWORD_PATH = '/reset-password?token=';

/**
 * Email verification, password reset and change, and what happens to an account's password when
 * its address turns out to belong to someone else. Services take the user id explicitly.
 */
@Injectable()
export class AccountService {
  private readonly hashing: Env['PASSWORD_HASHING'];

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly accounts: UsersService,
    private readonly tokens: AccountTokensService,
    private readonly mailer: AppMailer,
    private readonly sessions: SessionRegistryService,
    config: ConfigService<Env, true>,
  ) {
    this.hashing = config.get('PASSWORD_HASHING', { infer: true });
  }

  get mailConfigured(): boolean {
    return this.mailer.isConfigured;
  }

  /**
   * Sign-up while the app sends mail: a new address gets an account and a verification link, a
   * taken one a notice to its owner; the caller answers both the same way. The password is hashed
   * in both cases, so both take about as long.
   */
  async registerQuietly(input: RegisterInput & { email: string }): Promise<void> {
    const passwordHash = await hashPassword(input.password, this.hashing);
    try {
      const user = await this.accounts.create({
        email: input.email,
        passwordHash,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
      });
      await this.sendVerification(user);
    } catch (error) {
      if (!(error instanceof ConflictException)) throw error;
      const owner = await this.accounts.findByEmail(input.email);
      if (!owner) return;
      const { token } = await this.tokens.issue(owner.id, 'reset-password');
      await this.mailer.send(
        signUpAttemptMail(owner.email, owner.firstName, this.mailer.link(RESET_PASSWORD_PATH + token)),
      );
    }
  }

  /** Mails the user a verification link. 409 when already verified, and when the app sends no mail (nothing the user can change). */
  async requestVerification(userId: number): Promise<void> {
    if (!this.mailer.isConfigured) throw new ConflictException(VERIFICATION_NEEDS_MAIL);
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new NotFoundException(USER_NOT_FOUND);
    if (user.emailVerifiedAt) throw new ConflictException(ALREADY_VERIFIED);
    await this.sendVerification(user);
  }

  private async sendVerification(user: User): Promise<void> {
    const { token } = await this.tokens.issue(user.id, 'verify-email');
    await this.mailer.send(verifyEmailMail(user.email, user.firstName, this.mailer.link(VERIFY_EMAIL_PATH + token)));
  }

  /**
   * Marks the address verified. Opened in a session of the same account, it also proves that
   * whoever holds the password reads the mailbox, so a later Google sign-in keeps the password.
   */
  async verifyEmail(token: string, signedInUserId: number | undefined): Promise<string> {
    const userId = await this.tokens.consume(token, 'verify-email');
    if (userId === null) throw new BadRequestException(VERIFICATION_LINK_INVALID);
    const now = new Date();
    await this.users.query(
      `UPDATE users SET "emailVerifiedAt" = coalesce("emailVerifiedAt", $2), "updatedAt" = now() WHERE id = $1`,
      [userId, now],
    );
    if (signedInUserId === userId)
      await this.users.query(`UPDATE users SET "passwordSetAt" = $2 WHERE id = $1 AND "passwordHash" IS NOT NULL`, [
        userId,
        now,
      ]);
    return EMAIL_VERIFIED;
  }

  /** Mails a reset link when an account has the address; silent otherwise (the caller answers the same). 503 without app mail. */
  async requestPasswordReset(email: string): Promise<void> {
    if (!this.mailer.isConfigured) throw new ServiceUnavailableException(APP_MAIL_NOT_CONFIGURED);
    const user = await this.accounts.findByEmail(email);
    if (!user) return;
    const { token } = await this.tokens.issue(user.id, 'reset-password');
    await this.mailer.send(
      resetPasswordMail(user.email, user.firstName, this.mailer.link(RESET_PASSWORD_PATH + token)),
    );
  }

  /** An admin's one-use reset link for the user (shown once, handed over by the admin). */
  async adminResetLink(userId: number, origin: string): Promise<PasswordResetLink> {
    if (!(await this.users.existsBy({ id: userId }))) throw new NotFoundException(USER_NOT_FOUND);
    const { token, expiresAt } = await this.tokens.issue(userId, 'admin-reset');
    return {
      url: `${this.mailer.publicUrl ?? origin}${RESET_PASSWORD_PATH}${token}`,
      expiresAt: expiresAt.toISOString(),
    };
  }

  /**
   * Sets a new password with a reset link and ends every session of the user. A mailed link
   * proves the mailbox, so the address counts as verified; an admin's link does not.
   */
  async resetPassword(token: string, password: string): Promise<void> {
    const mailed = await this.tokens.consume(token, 'reset-password');
    const userId = mailed ?? (await this.tokens.consume(token, 'admin-reset'));
    if (userId === null) throw new BadRequestException(PASSWORD_RESET_LINK_INVALID);
    const now = new Date();
    await this.users.update(
      { id: userId },
      mailed !== null
        ? {
            passwordHash: await hashPassword(password, this.hashing),
            passwordSetAt: now,
            emailVerifiedAt: () => `coalesce("emailVerifiedAt", now())`,
          }
        : { passwordHash: await hashPassword(password, this.hashing), passwordSetAt: now },
    );
    await this.sessions.endAll(userId);
    const user = await this.users.findOneBy({ id: userId });
    if (user) await this.mailer.send(passwordChangedMail(user.email, user.firstName));
  }

  /** Changes the password of a signed-in user after checking the current one (400 when wrong). The caller renews this session and ends the others. */
  async changePassword(userId: number, input: ChangePasswordInput): Promise<User> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new NotFoundException(USER_NOT_FOUND);
    const matches = user.passwordHash ? await verify(user.passwordHash, input.currentPassword) : false;
    if (!matches) throw new BadRequestException(CURRENT_PASSWORD_WRONG);
    const passwordSetAt = new Date();
    await this.users.update(
      { id: userId },
      { passwordHash: await hashPassword(input.newPassword, this.hashing), passwordSetAt },
    );
    await this.mailer.send(passwordChangedMail(user.email, user.firstName));
    return this.users.merge(user, { passwordSetAt });
  }

  /**
   * Account pre-hijacking: a Google sign-in just linked to this account by its (verified) address.
   * A password set before the address was verified, and not proven since, may be whoever
   * registered the address first: it stops working, every session of the account ends, and the
   * owner is told by mail how to set a new one. True when the password was cleared.
   */
  async dropUnprovenPassword(userId: number): Promise<boolean> {
    const cleared: [{ email: string; firstName: string | null }[], number] = await this.users.query(
      `UPDATE users SET "passwordHash" = NULL, "passwordSetAt" = NULL, "updatedAt" = now()
       WHERE id = $1 AND "passwordHash" IS NOT NULL AND ("passwordSetAt" IS NULL OR "emailVerifiedAt" IS NULL OR "passwordSetAt" < "emailVerifiedAt")
       RETURNING email, "firstName"`,
      [userId],
    );
    const [row] = cleared[0];
    if (!row) return false;
    await this.sessions.endAll(userId);
    if (this.mailer.isConfigured) {
      const { token } = await this.tokens.issue(userId, 'reset-password');
      await this.mailer.send(
        passwordClearedMail(row.email, row.firstName, this.mailer.link(RESET_PASSWORD_PATH + token)),
      );
    }
    return true;
  }
}
