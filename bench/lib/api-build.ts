/**
 * Compiles the API's sources (apps/api/src, specs left out) and the bench's child entries to plain
 * CommonJS under bench/dist/<run>/, keeping their paths relative to the repository root, so the
 * children run on plain Node: no SWC hook loaded in the measured process (it would add its native
 * binding to the RSS and compile on the fly), and always the current sources (apps/api/dist may be
 * stale). Same SWC settings as Jest and apps/api/test/swc-register.cjs (.swcrc), without source maps.
 */
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { transform } from '@swc/core';

const ROOT = path.resolve(__dirname, '..', '..');

async function tsFilesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter(
      (e) =>
        e.isFile() &&
        /\.m?ts$/.test(e.name) &&
        !e.name.endsWith('.spec.ts') &&
        !e.name.endsWith('.e2e-spec.ts') &&
        !e.name.endsWith('.d.ts'),
    )
    .map((e) => path.join(e.parentPath, e.name));
}

export interface ApiBuild {
  /** The compiled counterpart of a repository file, e.g. out('bench/lib/api-server.ts'). */
  out(repoRelativeTs: string): string;
  remove(): Promise<void>;
}

/** `extra`: further files or folders (repository-relative) to compile alongside apps/api/src. */
export async function buildForBench(extra: string[]): Promise<ApiBuild> {
  const outDir = path.join(ROOT, 'bench', 'dist', `api-${process.pid}`);
  const swcrc = JSON.parse(readFileSync(path.join(ROOT, '.swcrc'), 'utf8'));
  delete swcrc.$schema;
  const files = [...(await tsFilesUnder(path.join(ROOT, 'apps/api/src')))];
  for (const item of extra) {
    const full = path.join(ROOT, item);
    files.push(...(item.endsWith('.ts') ? [full] : await tsFilesUnder(full)));
  }
  // A .mts file (an ES module, e.g. the extraction worker thread's entry) stays one: .mjs, ES imports.
  const outOf = (file: string) =>
    path
      .join(outDir, path.relative(ROOT, file))
      .replace(/\.ts$/, '.js')
      .replace(/\.mts$/, '.mjs');
  await Promise.all(
    files.map(async (file) => {
      const module = file.endsWith('.mts') ? { type: 'es6' } : swcrc.module;
      const { code } = await transform(readFileSync(file, 'utf8'), {
        ...swcrc,
        module,
        sourceMaps: false,
        swcrc: false,
        configFile: false,
        filename: file,
      });
      await mkdir(path.dirname(outOf(file)), { recursive: true });
      await writeFile(outOf(file), code);
    }),
  );
  return {
    out: (relative) => outOf(path.join(ROOT, relative)),
    remove: async () => {
      await rm(outDir, { recursive: true, force: true });
      await rmdir(path.dirname(outDir)).catch(() => {}); // bench/dist, once no other run uses it
    },
  };
}
