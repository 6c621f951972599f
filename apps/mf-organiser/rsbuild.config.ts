import { defineRemoteConfig } from '../../libs/module-kit/build/federation';

export default defineRemoteConfig(__dirname, { id: 'organiser' });
