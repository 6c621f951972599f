import { ConfigService } from '@nestjs/config';
import type { Repository } from 'typeorm';
import { parseEnv } from '../config/env.schema';
import type { FeatureTogglesService } from '../feature-toggles/feature-toggles.service';
import { BuiltInModuleDescriptions } from './built-in-descriptions';
import { ModuleRegistryService } from './module-registry.service';
import type { ModuleSourceEntity } from './module-source.entity';

// Only configuration is under test here: no admin overrides stored, toggles unused (see the e2e specs for both).
const registry = (env: Record<string, string>) =>
  new ModuleRegistryService(
    new ConfigService(parseEnv(env)),
    {} as FeatureTogglesService,
    { find: async () => [] } as unknown as Repository<ModuleSourceEntity>,
    new BuiltInModuleDescriptions(),
  );

describe('ModuleRegistryService', () => {
  it('points each module at its manifest under /remotes/<id>/ by default', async () => {
    expect((await registry({}).list()).find((m) => m.id === 'organiser')?.manifestUrl).toBe(
      '/remotes/organiser/mf-manifest.json',
    );
    expect(registry({}).defaultManifestUrl('organiser')).toBe('/remotes/organiser/mf-manifest.json');
  });

  it('uses REMOTE_<ID>_URL instead when it is set', async () => {
    const url = 'http://localhost:4201/mf-manifest.json';
    expect((await registry({ REMOTE_ORGANISER_URL: url }).list()).find((m) => m.id === 'organiser')?.manifestUrl).toBe(
      url,
    );
    expect((await registry({ REMOTE_ORGANISER_URL: url }).listForAdmin())[0]).toMatchObject({
      manifestUrl: url,
      defaultManifestUrl: url,
      overridden: false,
    });
  });
});
