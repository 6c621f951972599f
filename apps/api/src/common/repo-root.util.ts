import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The monorepo's root: the nearest folder above `from` whose package.json declares workspaces.
 * Works the same from src/ (Jest) and from dist/ (the built API).
 */
export function findRepoRoot(from: string = __dirname): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) return dir;
    if (path.dirname(dir) === dir) {
      throw new Error(`No package.json with "workspaces" found above ${from}`);
    }
  }
}

export const REPO_ROOT = findRepoRoot();
