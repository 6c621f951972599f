import { ConflictException, Injectable } from '@nestjs/common';
import { AccountService } from '../account/account.service';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import type { OidcClaims } from './oidc-client.service';
import { UserIdentity } from './user-identity.entity';

/** The users table's limits for names, which issuers do not share. */
const NAME_MAX = 100;
const EMAIL_MAX = 320;

const name = (value: string | undefined) => value?.slice(0, NAME_MAX) ?? null;

/** Why an OpenID Connect sign-in found no account to sign in to (logged, never shown). */
export class OidcAccountError extends Error {}

/**
 * A password account has this address but never proved it: linking could hand the real owner an
 * account an attacker registered first (pre-hijacking), so the person signs in with the password
 * and connects Google from Profile, or verifies the address (a reset link does) first.
 */
export class OidcLinkNeedsProofError extends OidcAccountError {}

/** The identity is already linked to another account than the signed-in one that asked to connect it. */
export class OidcIdentityTakenError extends OidcAccountError {}

/**
 * The account an OpenID Connect sign-in belongs to, with the sign-in recorded:
 * 1. the account this issuer's `sub` was linked to before;
 * 2. else the account with the same email, when the issuer says it verified that email AND the
 *    account proved it too (emailVerifiedAt), which is then linked; a password set before that
 *    proof stops working (AccountService.dropUnprovenPassword). An unproven account is refused
 *    (OidcLinkNeedsProofError): its password could be an attacker's;
 * 3. else a new account without a password (the first account ever is an admin, as on sign-up).
 */
@Injectable()
export class OidcAccountService {
  constructor(
    private readonly users: UsersService,
    private readonly account: AccountService,
    @InjectRepository(UserIdentity) private readonly identities: Repository<UserIdentity>,
  ) {}

  async signIn(claims: OidcClaims): Promise<User> {
    const user =
      (await this.linkedAccount(claims)) ??
      (await this.verifiedEmailAccount(claims)) ??
      (await this.newAccount(claims));
    return this.users.recordSignIn(user);
  }

  /**
   * "Connect Google" from Profile: the signed-in owner links this identity to their own account
   * (being signed in is the proof). When the issuer verified the same address, it counts as verified.
   */
  async connect(userId: number, claims: OidcClaims): Promise<void> {
    const linked = await this.linkedAccount(claims);
    if (linked && linked.id !== userId)
      throw new OidcIdentityTakenError(`Subject ${claims.sub} is linked to account ${linked.id}, not ${userId}`);
    if (!linked)
      await this.identities
        .createQueryBuilder()
        .insert()
        .values({ userId, issuer: claims.issuer, subject: claims.sub })
        .orIgnore()
        .execute();
    const user = await this.users.findById(userId);
    if (user && !user.emailVerifiedAt && claims.emailVerified && claims.email?.toLowerCase() === user.email) {
      await this.identities.manager.query(`UPDATE users SET "emailVerifiedAt" = now() WHERE id = $1`, [userId]);
    }
  }

  private async linkedAccount({ issuer, sub }: OidcClaims): Promise<User | null> {
    const identity = await this.identities.findOne({ where: { issuer, subject: sub }, relations: { user: true } });
    return identity?.user ?? null;
  }

  private async verifiedEmailAccount(claims: OidcClaims): Promise<User | null> {
    if (!claims.email || !claims.emailVerified) return null;
    const user = await this.users.findByEmail(claims.email);
    if (!user) return null;
    if (!user.emailVerifiedAt)
      throw new OidcLinkNeedsProofError(
        `Account ${user.id} has the email of subject ${claims.sub} but never verified it`,
      );
    await this.account.dropUnprovenPassword(user.id);
    // DO NOTHING: a concurrent sign-in may have linked the same identity a moment ago.
    await this.identities
      .createQueryBuilder()
      .insert()
      .values({ userId: user.id, issuer: claims.issuer, subject: claims.sub })
      .orIgnore()
      .execute();
    return (await this.linkedAccount(claims)) ?? user;
  }

  private async newAccount(claims: OidcClaims): Promise<User> {
    if (!claims.email) throw new OidcAccountError(`The issuer sent no email for subject ${claims.sub}`);
    if (claims.email.length > EMAIL_MAX) throw new OidcAccountError(`The email for subject ${claims.sub} is too long`);
    try {
      return await this.users.create(
        {
          email: claims.email,
          passwordHash: null,
          firstName: name(claims.givenName ?? claims.name),
          lastName: name(claims.familyName),
          profileImageUrl: claims.picture ?? null,
          lastLoginAt: new Date(),
          emailVerifiedAt: claims.emailVerified ? new Date() : null,
        },
        (manager, user) =>
          manager.insert(UserIdentity, { userId: user.id, issuer: claims.issuer, subject: claims.sub }).then(() => {}),
      );
    } catch (error) {
      if (!(error instanceof ConflictException)) throw error;
      // Either a concurrent first sign-in of this identity created the account a moment ago,
      // or the email belongs to an account this unverified email must not link to.
      const linked = await this.linkedAccount(claims);
      if (linked) return linked;
      throw new OidcAccountError(
        `An account with the email of subject ${claims.sub} exists and the issuer did not verify that email`,
      );
    }
  }
}
