import { type Briefing, briefingEndpoints } from '@aide/contracts';
import { Controller } from '@nestjs/common';
import { ApiCookieAuth, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser } from '../common/current-user.decorator';
import { Endpoint } from '../common/endpoint';
import { RequiresModule } from '../feature-toggles/requires-module.decorator';
import type { User } from '../users/user.entity';
import { BriefingService } from './briefing.service';

/** The briefing is the dashboard's (the organiser's); each module's lines come only to its users. */
@ApiTags('briefing')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('organiser')
@Controller()
export class BriefingController {
  constructor(private readonly briefing: BriefingService) {}

  @Endpoint(briefingEndpoints.get)
  get(@CurrentUser() user: User): Promise<Briefing> {
    return this.briefing.forUser(user);
  }
}
