import { SOCIAL_MESSAGES, type SocialAccount } from '@aide/contracts';
import { Controller, Delete, Get, HttpCode, HttpStatus, Param } from '@nestjs/common';
import {
  ApiCookieAuth,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../../common/current-user.decorator';
import { RequiresModule } from '../../feature-toggles/requires-module.decorator';
import { StreamService } from '../../stream/stream.service';
import type { User } from '../../users/user.entity';
import { SOCIAL_INVALIDATES } from '../publishing/social-publisher.service';
import { SocialAccountsService } from './social-accounts.service';
import { platformParam } from './social-oauth.controller';

/** The user's connected platform accounts (connecting is social-oauth.controller.ts). */
@ApiTags('social')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('social')
@Controller('api/social-accounts')
export class SocialAccountsController {
  constructor(
    private readonly accounts: SocialAccountsService,
    private readonly stream: StreamService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'One entry per platform: whether this server can connect it, and the connected account' })
  @ApiOkResponse({ description: 'SocialAccount[] (tokens never leave the server)' })
  list(@CurrentUser() user: User): Promise<SocialAccount[]> {
    return this.accounts.list(user.id);
  }

  @Delete(':platform')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Disconnect the account (its tokens are deleted; published posts stay)' })
  @ApiNoContentResponse({ description: 'Disconnected' })
  @ApiNotFoundResponse({ description: SOCIAL_MESSAGES.accountNotFound })
  async disconnect(@CurrentUser() user: User, @Param('platform') platform: string): Promise<void> {
    await this.accounts.disconnect(user.id, platformParam(platform));
    await this.stream.publishQuietly([
      {
        userId: user.id,
        event: { type: 'entity.changed', entity: { type: 'social-account', id: 0 }, invalidate: SOCIAL_INVALIDATES },
      },
    ]);
  }
}
