import { ConfigService } from '@nestjs/config';
import { parseEnv } from '../config/env.schema';
import type { FeatureTogglesService } from '../feature-toggles/feature-toggles.service';
import { ModuleRegistryService } from './module-registry.service';

// list() does not consult the toggles (listFor does; see module-registry.e2e-spec.ts).
const registry = (env: Record<string, string>) =>
  new ModuleRegistryService(new ConfigService(parseEnv(env)), {} as FeatureTogglesService);

describe('ModuleRegistryService', () => {
  it('points each module at its manifest under /remotes/<id>/ by default', () => {
    expect(registry({}).list().find((m) => m.id === 'organiser')?.manifestUrl).toBe('/remotes/organiser/mf-manifest.json');
  });

  it('uses REMOTE_<ID>_URL instead when it is set', () => {
    const url = 'http://localhost:4201/mf-manifest.json';
    expect(registry({ REMOTE_ORGANISER_URL: url }).list().find((m) => m.id === 'organiser')?.manifestUrl).toBe(url);
  });
});
