import type { AdminModuleEntry, LockedModuleEntry, ModuleRegistryEntry } from '@aide/contracts';
import { Injectable, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { Env } from '../config/env.schema';
import { FeatureTogglesService, type ToggleSubject } from '../feature-toggles/feature-toggles.service';
import { BuiltInModuleDescriptions } from './built-in-descriptions';
import { ModuleSourceEntity } from './module-source.entity';
import { REGISTERED_MODULES, type RegisteredModule } from './registered-modules';

export const MODULE_NOT_FOUND = 'Module not found';

/** The manifest a module's remote is loaded from when no REMOTE_<ID>_URL overrides it. */
export const builtInManifestUrl = (id: string) => `/remotes/${id}/mf-manifest.json`;

/**
 * The federated modules and where each remote is loaded from: an admin's override (module_sources,
 * read on every call so a change applies at once), else REMOTE_<ID>_URL, else the API's own
 * /remotes/<id>/ (a same-origin path the shell resolves against the page).
 */
@Injectable()
export class ModuleRegistryService {
  constructor(
    private readonly config: ConfigService<Env, true>,
    private readonly toggles: FeatureTogglesService,
    @InjectRepository(ModuleSourceEntity) private readonly sources: Repository<ModuleSourceEntity>,
    private readonly descriptions: BuiltInModuleDescriptions,
  ) {}

  /** The URL from configuration: REMOTE_<ID>_URL or the built-in default. */
  defaultManifestUrl(id: string): string {
    return this.config.get('REMOTE_URLS', { infer: true })[id] ?? builtInManifestUrl(id);
  }

  /** Every registered module with its effective manifest URL, whatever the toggles say. */
  async list(): Promise<ModuleRegistryEntry[]> {
    return (await this.listForAdmin()).map(
      ({ defaultManifestUrl: _default, overridden: _overridden, ...entry }) => entry,
    );
  }

  /** The registered modules this user may use: their `module.<id>` toggles, read now, allow it. */
  async listFor(user: ToggleSubject): Promise<ModuleRegistryEntry[]> {
    const entries = await this.list();
    const available = await this.toggles.availableModules(
      user,
      entries.map((entry) => entry.id),
    );
    const listed = entries.filter((entry) => available.has(entry.id));
    // A remote this API serves comes with its description, saving the shell one request per remote.
    return Promise.all(
      listed.map(async (entry) => {
        if (entry.manifestUrl !== builtInManifestUrl(entry.id)) return entry;
        const description = await this.descriptions.read(entry.id);
        return description === undefined ? entry : { ...entry, description };
      }),
    );
  }

  /**
   * The registered modules this user may NOT use, and why: the shell answers their routes with a
   * "not available on your plan" screen rather than a 404. No manifest URL: nothing to load.
   */
  async lockedFor(user: ToggleSubject): Promise<LockedModuleEntry[]> {
    const locks = await this.toggles.moduleLocks(
      user,
      REGISTERED_MODULES.map((m) => m.id),
    );
    return REGISTERED_MODULES.flatMap(({ id, title, routes }) => {
      const lock = locks.get(id);
      return lock ? [{ id, title, routes: [...routes], ...lock }] : [];
    });
  }

  /** Every registered module with its default and effective URLs (GET /api/admin/modules). */
  async listForAdmin(): Promise<AdminModuleEntry[]> {
    const overrides = new Map((await this.sources.find()).map((row) => [row.moduleId, row.manifestUrl]));
    return REGISTERED_MODULES.map((module) => this.entry(module, overrides.get(module.id)));
  }

  /** Points a module at another manifest, or back at its default with null. 404 for an unregistered id. */
  async setSource(id: string, manifestUrl: string | null): Promise<AdminModuleEntry> {
    const module = REGISTERED_MODULES.find((m) => m.id === id);
    if (!module) throw new NotFoundException(MODULE_NOT_FOUND);
    if (manifestUrl === null) await this.sources.delete({ moduleId: id });
    else await this.sources.upsert({ moduleId: id, manifestUrl }, ['moduleId']);
    return this.entry(module, (await this.sources.findOneBy({ moduleId: id }))?.manifestUrl);
  }

  private entry(module: RegisteredModule, override: string | undefined): AdminModuleEntry {
    const defaultManifestUrl = this.defaultManifestUrl(module.id);
    return {
      ...module,
      routes: [...module.routes],
      manifestUrl: override ?? defaultManifestUrl,
      defaultManifestUrl,
      overridden: override !== undefined,
    };
  }
}
