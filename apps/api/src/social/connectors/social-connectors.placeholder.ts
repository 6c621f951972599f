import type { Provider } from '@nestjs/common';
import { SOCIAL_CONNECTORS, type SocialConnectors } from './social-connector';

/**
 * No platform connectors yet: every platform publishes through its share page and none can be
 * connected. Replaced by social-connectors.provider.ts (the real X, LinkedIn, Facebook and
 * Instagram connectors) when that lands.
 */
export const socialConnectorsPlaceholder: Provider = { provide: SOCIAL_CONNECTORS, useValue: new Map() satisfies SocialConnectors };
