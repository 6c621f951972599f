import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { ModuleId } from '../dashboard/dashboard-provider';
import { REGISTERED_MODULES } from '../module-registry/registered-modules';
import { type DigestSectionSource, DigestSource } from './digest-source';

export interface DigestModuleSources {
  module: ModuleId;
  sources: readonly DigestSectionSource[];
}

/**
 * Every provider marked @DigestSource, found among the application's providers at start and grouped
 * by module, in the module registry's order. A mark naming a module the registry does not list
 * stops the start with an error (a typo would otherwise hide that section from everyone).
 */
@Injectable()
export class DigestRegistry implements OnModuleInit {
  private modules: DigestModuleSources[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    const byModule = new Map<ModuleId, DigestSectionSource[]>();
    for (const wrapper of this.discovery.getProviders({ metadataKey: DigestSource.KEY })) {
      const source = wrapper.instance as DigestSectionSource | undefined;
      if (!source) continue;
      const module = this.discovery.getMetadataByDecorator(DigestSource, wrapper)?.module;
      if (!module || !REGISTERED_MODULES.some((registered) => registered.id === module)) {
        throw new Error(
          `${String(wrapper.name)}: @DigestSource needs the id of a registered module, not ${String(module)}`,
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

  all(): readonly DigestModuleSources[] {
    return this.modules;
  }
}
