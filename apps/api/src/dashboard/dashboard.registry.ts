import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { findModuleParts } from '../module-registry/module-parts';
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
    this.modules = findModuleParts<DashboardProvider>(this.discovery, DashboardPart, 'DashboardPart').map(
      ({ module, parts }) => ({
        module,
        providers: parts,
      }),
    );
  }

  all(): readonly DashboardModuleProviders[] {
    return this.modules;
  }
}
