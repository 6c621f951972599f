import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { ModuleId } from '../dashboard/dashboard-provider';
import { findModuleParts } from '../module-registry/module-parts';
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
    this.modules = findModuleParts<DigestSectionSource>(this.discovery, DigestSource, 'DigestSource').map(
      ({ module, parts }) => ({
        module,
        sources: parts,
      }),
    );
  }

  all(): readonly DigestModuleSources[] {
    return this.modules;
  }
}
