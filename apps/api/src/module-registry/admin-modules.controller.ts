import { type AdminModuleEntry, moduleRegistryEndpoints, type UpdateModuleSourcePayload } from '@aide/contracts';
import { Param } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse } from '@nestjs/swagger';
import { AdminController } from '../common/admin-controller.decorator';
import { Endpoint, EndpointBody } from '../common/endpoint';
import { ModuleRegistryService } from './module-registry.service';

/** Where each module's remote is loaded from; an admin can point one at another build without a redeploy. */
@AdminController()
export class AdminModulesController {
  constructor(private readonly registry: ModuleRegistryService) {}

  @Endpoint(moduleRegistryEndpoints.adminList)
  list(): Promise<AdminModuleEntry[]> {
    return this.registry.listForAdmin();
  }

  @Endpoint(moduleRegistryEndpoints.adminUpdate)
  @ApiBadRequestResponse({ description: 'Manifest URL must be an http(s) URL or a path starting with /' })
  @ApiNotFoundResponse({ description: 'Module not found' })
  update(
    @Param('id') id: string,
    @EndpointBody(moduleRegistryEndpoints.adminUpdate) body: UpdateModuleSourcePayload,
  ): Promise<AdminModuleEntry> {
    return this.registry.setSource(id, body.manifestUrl);
  }
}
