import {
  fillPath,
  SOCIAL_MESSAGES,
  SOCIAL_PLATFORMS,
  type SocialAuthStart,
  socialEndpoints,
  type SocialPlatform,
} from '@aide/contracts';
import {
  Controller,
  HttpStatus,
  Logger,
  NotFoundException,
  Param,
  Req,
  Res,
  ServiceUnavailableException,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiCookieAuth, ApiNotFoundResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser } from '../../common/current-user.decorator';
import { Endpoint } from '../../common/endpoint';
import type { Env } from '../../config/env.schema';
import { RequiresModule } from '../../feature-toggles/requires-module.decorator';
import type { User } from '../../users/user.entity';
import { type PendingSocialOAuth, SocialOAuthService } from './social-oauth.service';

declare module 'express-session' {
  interface SessionData {
    /** Set by GET /api/auth/social/:platform, used up by its callback. */
    socialOAuth?: PendingSocialOAuth;
  }
}

export const SOCIAL_PAGE = '/social';

/** A platform in the path; anything else is not a route. */
export const platformParam = (value: string): SocialPlatform => {
  if ((SOCIAL_PLATFORMS as readonly string[]).includes(value)) return value as SocialPlatform;
  throw new NotFoundException(SOCIAL_MESSAGES.platformInvalid);
};

/**
 * Connecting an X, LinkedIn, Facebook or Instagram account: the OAuth2 authorization code flow
 * with a state (and PKCE verifier) kept in the session. The start answers { authUrl } for the
 * browser to go to; the callback stores the account and goes back to /social, never to a JSON page.
 */
@ApiTags('social')
@ApiCookieAuth()
@RequiresModule('social')
@Controller()
export class SocialOAuthController {
  private readonly logger = new Logger('SocialOAuth');

  constructor(
    private readonly oauth: SocialOAuthService,
    private readonly config: ConfigService<Env, true>,
  ) {}

  private redirectUri(request: Request, platform: SocialPlatform): string {
    const origin = this.config.get('PUBLIC_URL', { infer: true }) ?? `${request.protocol}://${request.host}`;
    return `${origin}${fillPath(socialEndpoints.connectCallback.path, { platform })}`;
  }

  @Endpoint(socialEndpoints.connect)
  @ApiNotFoundResponse({ description: SOCIAL_MESSAGES.platformInvalid })
  @ApiServiceUnavailableResponse({ description: "e.g. 'Connecting X (Twitter) is not configured on this server'" })
  start(
    @Param('platform') name: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): SocialAuthStart {
    response.set('Cache-Control', 'no-store');
    const platform = platformParam(name);
    if (!this.oauth.isConfigured(platform))
      throw new ServiceUnavailableException(SOCIAL_MESSAGES.notConfigured(platform));
    const { authUrl, pending } = this.oauth.start(platform, this.redirectUri(request, platform));
    request.session.socialOAuth = pending;
    return { authUrl };
  }

  @Endpoint(socialEndpoints.connectCallback)
  async callback(
    @Param('platform') name: string,
    @CurrentUser() user: User,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    response.set('Cache-Control', 'no-store');
    // Used once: a replayed callback finds nothing to complete.
    const pending = request.session.socialOAuth;
    delete request.session.socialOAuth;
    const known = (SOCIAL_PLATFORMS as readonly string[]).includes(name);
    try {
      const query = request.query as Record<string, unknown>;
      if (!known) throw new Error('unknown platform');
      if (!pending || pending.platform !== name) throw new Error('no connection was started in this session');
      if (typeof query.error === 'string') throw new Error(`the platform answered ${query.error}`);
      if (typeof query.state !== 'string' || query.state !== pending.state) throw new Error('the state does not match');
      if (typeof query.code !== 'string' || !query.code) throw new Error('no authorization code');
      await this.oauth.complete(user.id, pending, query.code);
      response.redirect(HttpStatus.FOUND, `${SOCIAL_PAGE}?connected=${name}`);
    } catch (error) {
      this.logger.warn(
        `Connecting ${known ? name : 'an unknown platform'} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      response.redirect(HttpStatus.FOUND, `${SOCIAL_PAGE}?error=${known ? name : 'unknown'}`);
    }
  }
}
