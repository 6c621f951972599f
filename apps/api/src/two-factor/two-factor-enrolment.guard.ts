import { TWO_FACTOR_MESSAGES } from '@aide/contracts';
import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { User } from '../users/user.entity';
import { TwoFactorService } from './two-factor.service';

/**
 * Routes a signed-in user who must enrol may still call: who am I, sign out, and enrolment
 * itself. Everything else answers 403 until two-factor sign-in is on.
 */
export const ALLOWED_BEFORE_ENROLMENT: ReadonlySet<string> = new Set([
  'GET /api/auth/user',
  'POST /api/auth/logout',
  'GET /api/logout',
  'GET /api/login',
  'GET /api/account/two-factor',
  'POST /api/account/two-factor/setup',
  'POST /api/account/two-factor/confirm',
]);

/**
 * Global guard: when an admin requires two-factor sign-in (the 'security.require-2fa' toggle
 * applies to the user) and the signed-in user has not turned it on, every route outside
 * ALLOWED_BEFORE_ENROLMENT answers 403 with a message that says what to do.
 */
@Injectable()
export class TwoFactorEnrolmentGuard implements CanActivate {
  constructor(private readonly twoFactor: TwoFactorService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<Request>();
    if (!request.isAuthenticated?.() || !request.user) return true;
    const routePath = (request.route as { path?: string } | undefined)?.path;
    if (routePath && ALLOWED_BEFORE_ENROLMENT.has(`${request.method} ${routePath}`)) return true;
    const user = request.user as User;
    if (!(await this.twoFactor.isRequiredFor(user))) return true;
    if (await this.twoFactor.isEnabled(user.id)) return true;
    throw new ForbiddenException(TWO_FACTOR_MESSAGES.enrolmentRequired);
  }
}
