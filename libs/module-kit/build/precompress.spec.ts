import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { RsbuildPluginAPI } from '@rsbuild/core';
import { pluginPrecompress, precompress } from './precompress';

/** A script of the size and repetitiveness of real bundled code. */
const script = (name: string, lines = 400) =>
  Array.from({ length: lines }, (_, i) => `export function ${name}${i}(value) { return value * ${i}; }\n`).join('');

describe('precompress', () => {
  let dist: string;
  const write = (file: string, content: string | Buffer) => {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), content);
  };
  const copies = (file: string) => ['.br', '.gz'].filter((suffix) => existsSync(path.join(dist, `${file}${suffix}`)));

  beforeEach(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'aide-precompress-'));
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it('writes a brotli and a gzip copy of each script, stylesheet and SVG that decode to the file', async () => {
    write('static/js/index.1a2b.js', script('index'));
    write('static/js/async/tasks.3c4d.js', script('tasks'));
    write('static/css/async/tasks.5e6f.css', '.task { color: red; }\n'.repeat(200));
    write(
      'static/svg/logo.7a8b.svg',
      `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h1v1z"/>'.repeat(80)}</svg>`,
    );

    const done = await precompress(path.join(dist, 'static'));

    expect(done.map((file) => path.relative(dist, file))).toEqual([
      'static/css/async/tasks.5e6f.css',
      'static/js/async/tasks.3c4d.js',
      'static/js/index.1a2b.js',
      'static/svg/logo.7a8b.svg',
    ]);
    for (const file of done) {
      const original = readFileSync(file);
      const br = readFileSync(`${file}.br`);
      const gz = readFileSync(`${file}.gz`);
      expect(brotliDecompressSync(br).equals(original)).toBe(true);
      expect(gunzipSync(gz).equals(original)).toBe(true);
      expect(br.length).toBeLessThan(original.length / 4);
      expect(gz.length).toBeLessThan(original.length / 4);
    }
  });

  it('copies small files too, and leaves files a copy would not shrink and other kinds of file alone', async () => {
    // Under 1 kB, which the compression middleware would send uncompressed.
    write('static/js/async/small.0e0f.js', script('small', 11));
    // A copy of a few bytes is larger than the file.
    write('static/js/tiny.1a2b.js', 'console.log(1);');
    // Random bytes do not compress: a copy would be larger than the file.
    write('static/js/random.3c4d.js', randomBytes(4096));
    write('static/image/photo.5e6f.png', randomBytes(4096));
    write('static/js/index.7a8b.js.map', script('map'));
    write('static/font/text.9c0d.woff2', script('font'));

    expect((await precompress(path.join(dist, 'static'))).map((file) => path.relative(dist, file))).toEqual([
      'static/js/async/small.0e0f.js',
    ]);
    expect(copies('static/js/async/small.0e0f.js')).toEqual(['.br', '.gz']);
    for (const file of [
      'static/js/tiny.1a2b.js',
      'static/js/random.3c4d.js',
      'static/image/photo.5e6f.png',
      'static/js/index.7a8b.js.map',
      'static/font/text.9c0d.woff2',
    ])
      expect({ file, copies: copies(file) }).toEqual({ file, copies: [] });
  });

  it('answers an empty list for a build without static/', async () => {
    expect(await precompress(path.join(dist, 'static'))).toEqual([]);
  });

  it('runs after a production build, on dist/static only', async () => {
    write('static/js/index.1a2b.js', script('index'));
    // Entry points replaced in place by each build (served with revalidation): compressed per request.
    write('index.html', `<!doctype html>${'<meta name="x" content="y">'.repeat(100)}`);
    write('remoteEntry.js', script('entry'));

    let afterBuild: (() => Promise<void>) | undefined;
    const api = {
      context: { distPath: dist },
      onAfterBuild: (callback: () => Promise<void>) => {
        afterBuild = callback;
      },
    } as unknown as RsbuildPluginAPI;
    await pluginPrecompress().setup(api);
    expect(afterBuild).toBeDefined();
    await afterBuild?.();

    expect(copies('static/js/index.1a2b.js')).toEqual(['.br', '.gz']);
    expect(copies('index.html')).toEqual([]);
    expect(copies('remoteEntry.js')).toEqual([]);
  });
});
