/**
 * A production build writes a brotli and a gzip copy beside each script and stylesheet under
 * static/ (`a.1f2e.js` → `a.1f2e.js.br`, `a.1f2e.js.gz`), which the API sends instead of compressing
 * the file on every request (apps/api/src/frontends/precompressed.ts). On a page load the API
 * answered a dozen scripts at once, each gzipped anew on its one thread while the browser waited:
 * about 0.1 s of a cold load on 2 CPUs. Files under static/ are content-hashed, so each copy is made
 * once, at the slowest and smallest settings.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { RsbuildPlugin } from '@rsbuild/core';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What gets copies: text the browser downloads. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|css|svg)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.br` and `<file>.gz` for each compressible file of `dir`, where the copy is smaller.
 * Unlike compressing per request (the compression middleware skips bodies under 1 kB for its CPU),
 * a copy costs nothing when sent, so small files get one too: a 700-byte chunk goes out in 350.
 * Returns the files that got a copy.
 */
export async function precompress(dir: string): Promise<string[]> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  const done: string[] = [];
  // zlib's async calls run on libuv's thread pool, so the files compress in parallel.
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      const copies = [
        { suffix: '.br', bytes: br },
        { suffix: '.gz', bytes: gz },
      ].filter((copy) => copy.bytes.length < content.length);
      for (const copy of copies) await writeFile(`${file}${copy.suffix}`, copy.bytes);
      if (copies.length) done.push(file);
    }),
  );
  return done.sort();
}

/** The Rsbuild step: after a production build, copies for everything under dist/static. */
export const pluginPrecompress = (): RsbuildPlugin => ({
  name: 'aide:precompress',
  setup(api) {
    api.onAfterBuild(async () => {
      await precompress(path.join(api.context.distPath, 'static'));
    });
  },
});
