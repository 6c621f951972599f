import type { FeatureToggle } from '@aide/contracts';
import type { FeatureToggleEntity } from './feature-toggle.entity';

/** The API's view of a toggle row: the contract's FeatureToggle, dates as ISO strings. */
export function toFeatureToggle(entity: FeatureToggleEntity): FeatureToggle {
  return {
    id: entity.id,
    name: entity.name,
    description: entity.description,
    enabled: entity.enabled,
    planRequired: entity.planRequired,
    adminOnly: entity.adminOnly,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
  };
}
