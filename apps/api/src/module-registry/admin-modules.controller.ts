import { type AdminModuleEntry, type UpdateModuleSourcePayload, updateModuleSourceSchema } from '@aide/contracts';
import { Body, Get, Param, Patch } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiNotFoundResponse, ApiOkResponse } from '@nestjs/swagger';
import { AdminController } from '../common/admin-controller.decorator';
import { openApiSchema } from '../common/openapi.util';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import { ADMIN_MODULE_ENTRY_OPENAPI } from './module-registry.openapi';
import { ModuleRegistryService } from './module-registry.service';

/** Where each module's remote is loaded from; an admin can point one at another build without a redeploy. */
@AdminController('modules')
export class AdminModulesController {
  constructor(private readonly registry: ModuleRegistryService) {}

  @Get()
  @ApiOkResponse({
    description: 'Every registered module, whatever its toggle, with its effective and default manifest URLs',
    schema: { type: 'array', items: ADMIN_MODULE_ENTRY_OPENAPI },
  })
  list(): Promise<AdminModuleEntry[]> {
    return this.registry.listForAdmin();
  }

  @Patch(':id')
  @ApiBody({ schema: openApiSchema(updateModuleSourceSchema) })
  @ApiOkResponse({
    description: 'The module after the change; GET /api/modules answers the new URL at once',
    schema: ADMIN_MODULE_ENTRY_OPENAPI,
  })
  @ApiBadRequestResponse({ description: 'Manifest URL must be an http(s) URL or a path starting with /' })
  @ApiNotFoundResponse({ description: 'Module not found' })
  update(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(updateModuleSourceSchema)) body: UpdateModuleSourcePayload,
  ): Promise<AdminModuleEntry> {
    return this.registry.setSource(id, body.manifestUrl);
  }
}
