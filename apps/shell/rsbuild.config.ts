import { defineShellConfig } from '../../libs/module-kit/build/federation';

export default defineShellConfig(import.meta.dirname);
