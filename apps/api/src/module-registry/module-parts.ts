import type { DiscoveryService } from '@nestjs/core';
import { REGISTERED_MODULES, type RegisteredModule } from './registered-modules';

type ModuleId = RegisteredModule['id'];

/** A decorator made with DiscoveryService.createDecorator<{ module }>(): @DashboardPart, @BriefingSource, @DigestSource. */
type ModuleMark = ReturnType<typeof DiscoveryService.createDecorator<{ module: ModuleId }>>;

/** One module's marked providers. */
export interface ModuleParts<Part> {
  module: ModuleId;
  parts: readonly Part[];
}

/**
 * Every provider marked with `mark`, found among the application's providers and grouped by module,
 * in the module registry's order: how the dashboard, the briefing and the digest let each module add
 * its part with one class in its own folder. A mark without a module, or naming a module the registry
 * does not list, throws (stopping the start): a typo would otherwise hide that part from everyone.
 */
export function findModuleParts<Part>(
  discovery: DiscoveryService,
  mark: ModuleMark,
  markName: string,
): ModuleParts<Part>[] {
  const byModule = new Map<ModuleId, Part[]>();
  for (const wrapper of discovery.getProviders({ metadataKey: mark.KEY })) {
    const part = wrapper.instance as Part | undefined;
    if (!part) continue;
    const module = discovery.getMetadataByDecorator(mark, wrapper)?.module;
    if (!module || !REGISTERED_MODULES.some((registered) => registered.id === module)) {
      throw new Error(
        `${String(wrapper.name)}: @${markName} needs the id of a registered module, not ${String(module)}`,
      );
    }
    const parts = byModule.get(module) ?? [];
    if (!parts.includes(part)) parts.push(part);
    byModule.set(module, parts);
  }
  return REGISTERED_MODULES.filter(({ id }) => byModule.has(id)).map(({ id }) => ({
    module: id,
    parts: byModule.get(id)!,
  }));
}
