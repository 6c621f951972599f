import { type Profile, type UpdateProfilePayload, updateProfileSchema } from '@aide/contracts';
import { Body, Controller, Get, Patch, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCookieAuth,
  ApiOkResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../common/current-user.decorator';
import { openApiSchema } from '../common/openapi.util';
import { SessionAuthGuard } from '../common/session-auth.guard';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import type { User } from '../users/user.entity';
import { PROFILE_OPENAPI } from './profile.openapi';
import { ProfileService } from './profile.service';

/** Profile belongs to the shell, not to a module group: any signed-in user has one. */
@ApiTags('profile')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@UseGuards(SessionAuthGuard)
@Controller('api/profile')
export class ProfileController {
  constructor(private readonly profiles: ProfileService) {}

  @Get()
  @ApiOkResponse({
    description: "The signed-in user's profile; the spec's defaults for preferences never saved",
    schema: PROFILE_OPENAPI,
  })
  get(@CurrentUser() user: User): Promise<Profile> {
    return this.profiles.get(user.id);
  }

  @Patch()
  @ApiBody({ schema: openApiSchema(updateProfileSchema) })
  @ApiOkResponse({ description: 'The whole profile after the change', schema: PROFILE_OPENAPI })
  @ApiBadRequestResponse({ description: 'Validation failed, e.g. "Choose one of the listed timezones"' })
  update(
    @CurrentUser() user: User,
    @Body(new ZodValidationPipe(updateProfileSchema)) body: UpdateProfilePayload,
  ): Promise<Profile> {
    return this.profiles.update(user.id, body);
  }
}
