import type { FeatureFlags } from '@aide/contracts';
import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser } from '../common/current-user.decorator';
import { SessionAuthGuard } from '../common/session-auth.guard';
import type { User } from '../users/user.entity';
import { FeatureTogglesService } from './feature-toggles.service';

/** The front end's view of the non-module feature flags: on or off for the signed-in user, never the rule itself. */
@ApiTags('features')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@UseGuards(SessionAuthGuard)
@Controller('api/features')
export class FeaturesController {
  constructor(private readonly toggles: FeatureTogglesService) {}

  @Get()
  @ApiOkResponse({
    description:
      "Every toggle not named module.*, by name: true when it is enabled, the user's plan includes it and, if admin-only, the user is an admin",
    schema: { type: 'object', additionalProperties: { type: 'boolean' }, example: { 'beta.search': true } },
  })
  list(@CurrentUser() user: User): Promise<FeatureFlags> {
    return this.toggles.flagsFor(user);
  }
}
