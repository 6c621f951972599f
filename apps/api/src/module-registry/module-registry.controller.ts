import { type LockedModuleEntry, moduleRegistryEndpoints, type ModuleRegistryEntry } from '@aide/contracts';
import { Controller, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser } from '../common/current-user.decorator';
import { Endpoint } from '../common/endpoint';
import { SessionAuthGuard } from '../common/session-auth.guard';
import type { User } from '../users/user.entity';
import { ModuleRegistryService } from './module-registry.service';

@ApiTags('modules')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@Controller()
@UseGuards(SessionAuthGuard)
export class ModuleRegistryController {
  constructor(private readonly registry: ModuleRegistryService) {}

  @Endpoint(moduleRegistryEndpoints.list)
  list(@CurrentUser() user: User): Promise<ModuleRegistryEntry[]> {
    return this.registry.listFor(user);
  }

  @Endpoint(moduleRegistryEndpoints.locked)
  locked(@CurrentUser() user: User): Promise<LockedModuleEntry[]> {
    return this.registry.lockedFor(user);
  }
}
