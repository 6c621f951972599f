import type { TwoFactorChallenge } from '@aide/contracts';
import { Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { TwoFactorService } from './two-factor.service';

declare module 'express-session' {
  interface SessionData {
    /** A sign-in whose password (or OIDC) step passed and which waits for its code. Not signed in. */
    twoFactorPending?: { userId: number; expiresAt: number };
  }
}

/** How long the half-signed-in state waits for its code. */
export const PENDING_TTL_MS = 5 * 60_000;
export const SIGN_IN_EXPIRED = 'Your sign-in has expired. Please sign in again.';

/**
 * The second sign-in step. After the first step the session holds only the pending user id (in
 * a fresh session id, as a full sign-in gets); GET /api/auth/user still answers 401 and every
 * signed-in route refuses it. The code finishes the sign-in through passport like any other.
 */
@Injectable()
export class TwoFactorSignInService {
  constructor(
    private readonly twoFactor: TwoFactorService,
    private readonly users: UsersService,
  ) {}

  /** True when this user's sign-in needs a second step. */
  needsSecondStep(user: User): Promise<boolean> {
    return this.twoFactor.isEnabled(user.id);
  }

  /** Leaves the session half signed in (no passport user) and answers what the client shows next. */
  async challenge(request: Request, user: User): Promise<TwoFactorChallenge> {
    await new Promise<void>((resolve, reject) =>
      request.session.regenerate((error: unknown) => (error ? reject(error) : resolve())),
    );
    request.session.twoFactorPending = { userId: user.id, expiresAt: Date.now() + PENDING_TTL_MS };
    await new Promise<void>((resolve, reject) =>
      request.session.save((error: unknown) => (error ? reject(error) : resolve())),
    );
    return { twoFactorRequired: true };
  }

  /** Checks the code against the pending sign-in and, when right, signs the user in. */
  async complete(request: Request, code: string): Promise<User> {
    const pending = request.session?.twoFactorPending;
    if (!pending || pending.expiresAt < Date.now()) {
      if (pending) delete request.session.twoFactorPending;
      throw new UnauthorizedException(SIGN_IN_EXPIRED);
    }
    const user = await this.users.findById(pending.userId);
    if (!user) throw new UnauthorizedException(SIGN_IN_EXPIRED);
    await this.twoFactor.verifyCode(user.id, code);
    // passport regenerates the session: the pending state goes with the old one.
    await new Promise<void>((resolve, reject) =>
      request.logIn(user, (error: unknown) => (error ? reject(error) : resolve())),
    );
    return user;
  }
}
