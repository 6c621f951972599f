import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { ModuleId } from '../dashboard/dashboard-provider';
import { findModuleParts } from '../module-registry/module-parts';
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
    this.modules = findModuleParts<BriefingContributor>(this.discovery, BriefingSource, 'BriefingSource').map(
      ({ module, parts }) => ({
        module,
        sources: parts,
      }),
    );
  }

  all(): readonly BriefingModuleSources[] {
    return this.modules;
  }
}
