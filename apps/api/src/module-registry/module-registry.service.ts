import type { ModuleRegistryEntry } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Env } from '../config/env.schema';
import { FeatureTogglesService, type ToggleSubject } from '../feature-toggles/feature-toggles.service';
import { REGISTERED_MODULES } from './registered-modules';

/** The manifest a module's remote is loaded from when no REMOTE_<ID>_URL overrides it. */
export const defaultManifestUrl = (id: string) => `/remotes/${id}/mf-manifest.json`;

@Injectable()
export class ModuleRegistryService {
  constructor(
    private readonly config: ConfigService<Env, true>,
    private readonly toggles: FeatureTogglesService,
  ) {}

  /** Every registered module, whatever the toggles say. */
  list(): ModuleRegistryEntry[] {
    const overrides = this.config.get('REMOTE_URLS', { infer: true });
    return REGISTERED_MODULES.map((module) => ({
      ...module,
      routes: [...module.routes],
      manifestUrl: overrides[module.id] ?? defaultManifestUrl(module.id),
    }));
  }

  /** The registered modules this user may use: their `module.<id>` toggles, read now, allow it. */
  async listFor(user: ToggleSubject): Promise<ModuleRegistryEntry[]> {
    const entries = this.list();
    const available = await this.toggles.availableModules(user, entries.map((entry) => entry.id));
    return entries.filter((entry) => available.has(entry.id));
  }
}
