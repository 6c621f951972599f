import { defineRemoteConfig } from '../../libs/module-kit/build/federation';

// The calendar's Integrations tab gets the email panel through the module's `slots`, not an expose.
export default defineRemoteConfig(import.meta.dirname, { id: 'email' });
