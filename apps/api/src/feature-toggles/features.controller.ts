import { type FeatureFlags, featureTogglesEndpoints } from '@aide/contracts';
import { Controller, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser } from '../common/current-user.decorator';
import { Endpoint } from '../common/endpoint';
import { SessionAuthGuard } from '../common/session-auth.guard';
import type { User } from '../users/user.entity';
import { FeatureTogglesService } from './feature-toggles.service';

/** The front end's view of the non-module feature flags: on or off for the signed-in user, never the rule itself. */
@ApiTags('features')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@UseGuards(SessionAuthGuard)
@Controller()
export class FeaturesController {
  constructor(private readonly toggles: FeatureTogglesService) {}

  @Endpoint(featureTogglesEndpoints.flags)
  list(@CurrentUser() user: User): Promise<FeatureFlags> {
    return this.toggles.flagsFor(user);
  }
}
