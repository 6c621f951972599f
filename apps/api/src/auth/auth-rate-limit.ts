import { applyDecorators, type ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { normalizeIp, SkipThrottle, ThrottlerGuard, type ThrottlerModuleOptions } from '@nestjs/throttler';
import type { Request } from 'express';
import type { Env } from '../config/env.schema';

export const TOO_MANY_SIGN_INS = 'Too many sign-in attempts. Try again in a minute.';
export const TOO_MANY_SIGN_UPS = 'Too many sign-up attempts. Try again in a minute.';
export const TOO_MANY_PASSWORD_RESETS = 'Too many password reset attempts. Try again in a minute.';

const LOGIN = 'login';
const LOGIN_IP = 'login-ip';
const REGISTER = 'register';
const WINDOW_MS = 60_000;
const MESSAGE = 'aide:rateLimitMessage';

/**
 * The client's address as counted: IPv4 as is (also when IPv4-mapped, '::ffff:203.0.113.7'),
 * IPv6 by its /64, which one client usually holds whole and could otherwise rotate through.
 */
function ipTracker(request: Record<string, unknown>): string {
  return normalizeIp((request as unknown as Request).ip ?? '');
}

/** One sign-in counter per email per IP: one person's typos never lock out others behind the same address. */
function signInTracker(request: Record<string, unknown>): string {
  const email: unknown = ((request as unknown as Request).body as { email?: unknown } | undefined)?.email;
  return `${ipTracker(request)}|${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
}

/**
 * The limits of POST /api/auth/login (AUTH_RATE_LIMIT a minute per email and IP, and
 * AUTH_IP_RATE_LIMIT a minute per IP whatever the email, so one address cannot spray passwords
 * over many accounts) and POST /api/auth/register (AUTH_REGISTER_RATE_LIMIT a minute per IP).
 * Every attempt counts, whatever its outcome, and the one over the limit answers 429 until the
 * minute is up. Addresses are counted as normalizeIp gives them (see ipTracker).
 *
 * The counters live where RATE_LIMIT_STORE says (auth.module.ts gives ThrottlerModule a
 * StoreThrottlerStorage): this process's memory for one instance, or the rate_limit_counters
 * table every instance shares, so N instances together allow the limit, not N times it.
 */
export function authThrottlerOptions(config: ConfigService<Env, true>): ThrottlerModuleOptions {
  return {
    throttlers: [
      { name: LOGIN, ttl: WINDOW_MS, limit: config.get('AUTH_RATE_LIMIT', { infer: true }), getTracker: signInTracker },
      {
        name: LOGIN_IP,
        ttl: WINDOW_MS,
        limit: config.get('AUTH_IP_RATE_LIMIT', { infer: true }),
        getTracker: ipTracker,
      },
      {
        name: REGISTER,
        ttl: WINDOW_MS,
        limit: config.get('AUTH_REGISTER_RATE_LIMIT', { infer: true }),
        getTracker: ipTracker,
      },
    ],
  };
}

/**
 * ThrottlerGuard answering with the route's own message (the global filter shapes it as
 * `{ message }`) and the standard Retry-After header instead of Retry-After-<throttler>.
 */
@Injectable()
export class AuthRateLimitGuard extends ThrottlerGuard {
  protected override setResponseHeader(response: Record<string, unknown>, name: string, value: string | number): void {
    super.setResponseHeader(response, name.startsWith('Retry-After') ? 'Retry-After' : name, value);
  }

  protected override async getErrorMessage(context: ExecutionContext): Promise<string> {
    return this.reflector.get<string | undefined>(MESSAGE, context.getHandler()) ?? TOO_MANY_SIGN_INS;
  }
}

/** Limits sign-in attempts per email and IP (AUTH_RATE_LIMIT a minute) and per IP (AUTH_IP_RATE_LIMIT a minute). */
export const LimitSignIns = () =>
  applyDecorators(
    SkipThrottle({ [REGISTER]: true }),
    SetMetadata(MESSAGE, TOO_MANY_SIGN_INS),
    UseGuards(AuthRateLimitGuard),
  );

/** Limits sign-up attempts per IP (AUTH_REGISTER_RATE_LIMIT a minute). */
export const LimitSignUps = () =>
  applyDecorators(
    SkipThrottle({ [LOGIN]: true, [LOGIN_IP]: true }),
    SetMetadata(MESSAGE, TOO_MANY_SIGN_UPS),
    UseGuards(AuthRateLimitGuard),
  );

/** Limits password-reset requests and uses as sign-ins are limited (per email and IP, and per IP), with their own counters. */
export const LimitPasswordResets = () =>
  applyDecorators(
    SkipThrottle({ [REGISTER]: true }),
    SetMetadata(MESSAGE, TOO_MANY_PASSWORD_RESETS),
    UseGuards(AuthRateLimitGuard),
  );
