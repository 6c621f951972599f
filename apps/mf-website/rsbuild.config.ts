import { defineRemoteConfig } from '../../libs/module-kit/build/federation';

export default defineRemoteConfig(import.meta.dirname, { id: 'website' });
