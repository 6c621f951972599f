// Imported first by every entry (main.ts, cli.ts): exits with a message, before any other module
// loads, when this Node is outside package.json's "engines" range.
import { exitUnlessSupportedNode } from './node-version.cjs';

exitUnlessSupportedNode(__dirname);
