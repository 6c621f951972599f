import type { ModuleRegistryEntry } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Env } from '../config/env.schema';
import { REGISTERED_MODULES } from './registered-modules';

/** The manifest a module's remote is loaded from when no REMOTE_<ID>_URL overrides it. */
export const defaultManifestUrl = (id: string) => `/remotes/${id}/mf-manifest.json`;

@Injectable()
export class ModuleRegistryService {
  constructor(private readonly config: ConfigService<Env, true>) {}

  list(): ModuleRegistryEntry[] {
    const overrides = this.config.get('REMOTE_URLS', { infer: true });
    return REGISTERED_MODULES.map((module) => ({
      ...module,
      routes: [...module.routes],
      manifestUrl: overrides[module.id] ?? defaultManifestUrl(module.id),
    }));
  }
}
