import { SOCIAL_MESSAGES, type SocialAccount, socialEndpoints } from '@aide/contracts';
import { Controller, Param } from '@nestjs/common';
import { ApiCookieAuth, ApiNotFoundResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser } from '../../common/current-user.decorator';
import { Endpoint } from '../../common/endpoint';
import { RequiresModule } from '../../feature-toggles/requires-module.decorator';
import type { User } from '../../users/user.entity';
import { SocialAccountsService } from './social-accounts.service';
import { platformParam } from './social-oauth.controller';

/** The user's connected platform accounts (connecting is social-oauth.controller.ts). */
@ApiTags('social')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('social')
@Controller()
export class SocialAccountsController {
  constructor(private readonly accounts: SocialAccountsService) {}

  /** Tokens never leave the server. */
  @Endpoint(socialEndpoints.accounts)
  list(@CurrentUser() user: User): Promise<SocialAccount[]> {
    return this.accounts.list(user.id);
  }

  @Endpoint(socialEndpoints.disconnect)
  @ApiNotFoundResponse({ description: SOCIAL_MESSAGES.accountNotFound })
  async disconnect(@CurrentUser() user: User, @Param('platform') platform: string): Promise<void> {
    await this.accounts.disconnect(user.id, platformParam(platform));
  }
}
