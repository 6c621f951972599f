import type { ModuleRegistryEntry } from '@aide/contracts';
import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser } from '../common/current-user.decorator';
import { SessionAuthGuard } from '../common/session-auth.guard';
import type { User } from '../users/user.entity';
import { ModuleRegistryService } from './module-registry.service';

const ENTRY = {
  type: 'object',
  properties: {
    id: { type: 'string', example: 'organiser' },
    title: { type: 'string', example: 'Organiser' },
    routes: { type: 'array', items: { type: 'string' }, example: ['/', '/tasks', '/calendar'] },
    manifestUrl: { type: 'string', example: '/remotes/organiser/mf-manifest.json' },
  },
  required: ['id', 'title', 'routes', 'manifestUrl'],
};

@ApiTags('modules')
@ApiCookieAuth()
@Controller('api/modules')
@UseGuards(SessionAuthGuard)
export class ModuleRegistryController {
  constructor(private readonly registry: ModuleRegistryService) {}

  @Get()
  @ApiOkResponse({
    description: 'The federated modules the shell loads: those whose module.<id> toggle allows this user',
    schema: { type: 'array', items: ENTRY },
  })
  @ApiUnauthorizedResponse({ description: 'Signed out' })
  list(@CurrentUser() user: User): Promise<ModuleRegistryEntry[]> {
    return this.registry.listFor(user);
  }
}
