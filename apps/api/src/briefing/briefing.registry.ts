import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { ModuleId } from '../dashboard/dashboard-provider';
import { REGISTERED_MODULES } from '../module-registry/registered-modules';
import { type BriefingContributor, BriefingSource } from './briefing-source';

/** One module's briefing sources, in the module registry's order. */
export interface BriefingModuleSources {
  module: ModuleId;
  sources: readonly BriefingContributor[];
}

/**
 * Every provider marked @BriefingSource, found among the application's providers at start and
 * grouped by module. A mark without a module, or naming a module the registry does not list, stops
 * the start with an error (a typo would otherwise hide those lines from everyone).
 */
@Injectable()
export class BriefingRegistry implements OnModuleInit {
  private modules: BriefingModuleSources[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    const byModule = new Map<ModuleId, BriefingContributor[]>();
    for (const wrapper of this.discovery.getProviders({ metadataKey: BriefingSource.KEY })) {
      const source = wrapper.instance as BriefingContributor | undefined;
      if (!source) continue;
      const module = this.discovery.getMetadataByDecorator(BriefingSource, wrapper)?.module;
      if (!module || !REGISTERED_MODULES.some((registered) => registered.id === module)) {
        throw new Error(
          `${String(wrapper.name)}: @BriefingSource needs the id of a registered module, not ${String(module)}`,
        );
      }
      const sources = byModule.get(module) ?? [];
      if (!sources.includes(source)) sources.push(source);
      byModule.set(module, sources);
    }
    this.modules = REGISTERED_MODULES.filter(({ id }) => byModule.has(id)).map(({ id }) => ({
      module: id,
      sources: byModule.get(id)!,
    }));
  }

  all(): readonly BriefingModuleSources[] {
    return this.modules;
  }
}
