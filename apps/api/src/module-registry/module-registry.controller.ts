import type { LockedModuleEntry, ModuleRegistryEntry } from '@aide/contracts';
import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser } from '../common/current-user.decorator';
import { SessionAuthGuard } from '../common/session-auth.guard';
import type { User } from '../users/user.entity';
import { MODULE_ENTRY_OPENAPI } from './module-registry.openapi';
import { ModuleRegistryService } from './module-registry.service';

@ApiTags('modules')
@ApiCookieAuth()
@Controller('api/modules')
@UseGuards(SessionAuthGuard)
export class ModuleRegistryController {
  constructor(private readonly registry: ModuleRegistryService) {}

  @Get()
  @ApiOkResponse({
    description: 'The federated modules the shell loads: those whose module.<id> toggle allows this user',
    schema: { type: 'array', items: MODULE_ENTRY_OPENAPI },
  })
  @ApiUnauthorizedResponse({ description: 'Signed out' })
  list(@CurrentUser() user: User): Promise<ModuleRegistryEntry[]> {
    return this.registry.listFor(user);
  }

  @Get('locked')
  @ApiOkResponse({
    description:
      "The modules this user may not use, with the reason ('plan', 'disabled' or 'admin-only') and the plan that would include it",
    schema: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          title: { type: 'string' },
          routes: { type: 'array', items: { type: 'string' } },
          reason: { type: 'string', enum: ['plan', 'disabled', 'admin-only'] },
          requiredPlan: { type: 'string', enum: ['free', 'premium', 'enterprise'], nullable: true },
        },
      },
    },
  })
  @ApiUnauthorizedResponse({ description: 'Signed out' })
  locked(@CurrentUser() user: User): Promise<LockedModuleEntry[]> {
    return this.registry.lockedFor(user);
  }
}
