import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { REGISTERED_MODULES } from '../module-registry/registered-modules';
import { DashboardPart, type DashboardProvider, type ModuleId } from './dashboard-provider';

/** One module's providers, in the module registry's order. */
export interface DashboardModuleProviders {
  module: ModuleId;
  providers: readonly DashboardProvider[];
}

/**
 * Every provider marked @DashboardPart, found among the application's providers at start and
 * grouped by module. A mark without a module, or naming a module the registry does not list, stops
 * the start with an error (a typo would otherwise hide that part from everyone).
 */
@Injectable()
export class DashboardRegistry implements OnModuleInit {
  private modules: DashboardModuleProviders[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    const byModule = new Map<ModuleId, DashboardProvider[]>();
    for (const wrapper of this.discovery.getProviders({ metadataKey: DashboardPart.KEY })) {
      const provider = wrapper.instance as DashboardProvider | undefined;
      if (!provider) continue;
      const module = this.discovery.getMetadataByDecorator(DashboardPart, wrapper)?.module;
      if (!module || !REGISTERED_MODULES.some((registered) => registered.id === module)) {
        throw new Error(
          `${String(wrapper.name)}: @DashboardPart needs the id of a registered module, not ${String(module)}`,
        );
      }
      const providers = byModule.get(module) ?? [];
      if (!providers.includes(provider)) providers.push(provider);
      byModule.set(module, providers);
    }
    this.modules = REGISTERED_MODULES.filter(({ id }) => byModule.has(id)).map(({ id }) => ({
      module: id,
      providers: byModule.get(id)!,
    }));
  }

  all(): readonly DashboardModuleProviders[] {
    return this.modules;
  }
}
