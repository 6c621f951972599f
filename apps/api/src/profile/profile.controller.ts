import { type Profile, profileEndpoints, type UpdateProfilePayload } from '@aide/contracts';
import { Controller, UseGuards } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCookieAuth, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser } from '../common/current-user.decorator';
import { Endpoint, EndpointBody } from '../common/endpoint';
import { SessionAuthGuard } from '../common/session-auth.guard';
import type { User } from '../users/user.entity';
import { ProfileService } from './profile.service';

/** Profile belongs to the shell, not to a module group: any signed-in user has one. */
@ApiTags('profile')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@UseGuards(SessionAuthGuard)
@Controller()
export class ProfileController {
  constructor(private readonly profiles: ProfileService) {}

  @Endpoint(profileEndpoints.get)
  get(@CurrentUser() user: User): Promise<Profile> {
    return this.profiles.get(user.id);
  }

  @Endpoint(profileEndpoints.update)
  @ApiBadRequestResponse({ description: 'Validation failed, e.g. "Choose one of the listed timezones"' })
  update(
    @CurrentUser() user: User,
    @EndpointBody(profileEndpoints.update) body: UpdateProfilePayload,
  ): Promise<Profile> {
    return this.profiles.update(user.id, body);
  }
}
