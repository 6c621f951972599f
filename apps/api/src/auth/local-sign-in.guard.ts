import { loginSchema } from '@aide/contracts';
import { type CanActivate, type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request, Response } from 'express';
import passport from 'passport';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import type { User } from '../users/user.entity';
import { INVALID_CREDENTIALS } from './auth.service';
import { LocalStrategy } from './local.strategy';

const validLogin = new ZodValidationPipe(loginSchema);

/**
 * POST /api/auth/login's check: the body is validated with the contracts' loginSchema first
 * (guards run before pipes, so a malformed body answers 400 with its messages, not 401), then
 * the local strategy verifies the password and leaves the user on request.user. Starting the
 * session stays with the handler, as for every other sign-in.
 */
@Injectable()
export class LocalSignInGuard implements CanActivate {
  constructor(private readonly strategy: LocalStrategy) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    // The parsed body: trimmed, lower-cased email, as the strategy and handler should see it.
    request.body = validLogin.transform(request.body, { type: 'body', metatype: undefined, data: undefined });
    request.user = await this.authenticate(request, http.getResponse<Response>());
    return true;
  }

  /**
   * Authenticates with this app's strategy instance, not by the name 'local': passport's registry
   * is process-wide, and the last app created would own that name (several apps share a process
   * in tests).
   */
  private authenticate(request: Request, response: Response): Promise<User> {
    return new Promise((resolve, reject) => {
      const done = (error: unknown, user: User | false) =>
        error ? reject(error) : user ? resolve(user) : reject(new UnauthorizedException(INVALID_CREDENTIALS));
      // A per-request object over the strategy, as passport makes for a named one: passport sets
      // success/fail on the object it is given, which must not be shared by concurrent requests.
      const strategy = Object.create(this.strategy) as LocalStrategy;
      passport.authenticate(strategy, { session: false }, done)(request, response, reject);
    });
  }
}
