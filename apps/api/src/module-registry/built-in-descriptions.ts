import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Injectable } from '@nestjs/common';

/**
 * The file each remote's build writes beside its mf-manifest.json: its routes, sidebar entries,
 * badges, widgets and slot fills as data (libs/module-kit/build/module-description.ts).
 */
export const MODULE_DESCRIPTION_FILE = 'aide-module.json';

/**
 * The descriptions of the remotes this API serves itself (/remotes/<id>/), read from their builds
 * so GET /api/modules can carry them: the shell then draws the sidebar and routes without one
 * request per remote. Re-read when a new build replaces the file; a remote served from elsewhere
 * is described by its own server, which the shell asks.
 */
@Injectable()
export class BuiltInModuleDescriptions {
  private root: string | undefined;
  private readonly cache = new Map<string, { mtimeMs: number; description: unknown }>();

  /** Called where the API starts serving the builds under `root` (app.setup.ts). */
  serveFrom(root: string): void {
    this.root = root;
    this.cache.clear();
  }

  /** The description of the remote served at /remotes/<id>/, or undefined (none served, none built). */
  async read(id: string): Promise<unknown> {
    if (!this.root) return undefined;
    const file = path.join(this.root, `apps/mf-${id}/dist`, MODULE_DESCRIPTION_FILE);
    try {
      const { mtimeMs } = await stat(file);
      const cached = this.cache.get(id);
      if (cached?.mtimeMs === mtimeMs) return cached.description;
      const description: unknown = JSON.parse(await readFile(file, 'utf8'));
      this.cache.set(id, { mtimeMs, description });
      return description;
    } catch {
      // No build, or one being written: the shell falls back to asking for the file itself.
      return undefined;
    }
  }
}
