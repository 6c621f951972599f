import { ConflictException, Injectable } from '@nestjs/common';
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
 * The account an OpenID Connect sign-in belongs to, with the sign-in recorded:
 * 1. the account this issuer's `sub` was linked to before;
 * 2. else the account with the same email, when the issuer says it verified that email, which
 *    is then linked (an unverified email could be anyone's, so it never links);
 * 3. else a new account without a password (the first account ever is an admin, as on sign-up).
 */
@Injectable()
export class OidcAccountService {
  constructor(
    private readonly users: UsersService,
    @InjectRepository(UserIdentity) private readonly identities: Repository<UserIdentity>,
  ) {}

  async signIn(claims: OidcClaims): Promise<User> {
    const user = (await this.linkedAccount(claims)) ?? (await this.verifiedEmailAccount(claims)) ?? (await this.newAccount(claims));
    return this.users.recordSignIn(user);
  }

  private async linkedAccount({ issuer, sub }: OidcClaims): Promise<User | null> {
    const identity = await this.identities.findOne({ where: { issuer, subject: sub }, relations: { user: true } });
    return identity?.user ?? null;
  }

  private async verifiedEmailAccount(claims: OidcClaims): Promise<User | null> {
    if (!claims.email || !claims.emailVerified) return null;
    const user = await this.users.findByEmail(claims.email);
    if (!user) return null;
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
        },
        (manager, user) => manager.insert(UserIdentity, { userId: user.id, issuer: claims.issuer, subject: claims.sub }).then(() => {}),
      );
    } catch (error) {
      if (!(error instanceof ConflictException)) throw error;
      // Either a concurrent first sign-in of this identity created the account a moment ago,
      // or the email belongs to an account this unverified email must not link to.
      const linked = await this.linkedAccount(claims);
      if (linked) return linked;
      throw new OidcAccountError(`An account with the email of subject ${claims.sub} exists and the issuer did not verify that email`);
    }
  }
}
