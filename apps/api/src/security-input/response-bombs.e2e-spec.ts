// Compressed HTTP answers that inflate far past the readers' 2 MB cap (a gzip/deflate/br bomb from
// a hostile site, on 127.0.0.1): research's page reader and the websites' SiteFetcher count the
// decoded bytes, stop at the cap and keep no more.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { deflatedRepeat } from '../../test/bomb-files';
import { PAGE_READER_LIMITS, PageReader } from '../research/pipeline/page-reader/page-reader';
import { SITE_FETCH_LIMITS, SiteFetcher } from '../websites/fetch/site-fetcher';
import { OutboundPolicy } from '../outbound/outbound-policy';

const MB = 1024 * 1024;
const UNPACKED = 128 * MB;

let server: http.Server;
let base: string;
const bodies = new Map<string, Buffer>();

beforeAll(async () => {
  const page = {
    prefix: `<!doctype html><html><head><title>Bomb</title></head><body><article><h1>Bomb</h1><p>`,
    repeat: 'word ',
  };
  // One deflate stream serves both framings: zlib-wrapped for 'deflate', and gzip's own header and trailer.
  const deflated = await deflatedRepeat(UNPACKED, { ...page, raw: false });
  const raw = await deflatedRepeat(UNPACKED, { ...page, raw: true });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(raw.crc >>> 0, 0);
  trailer.writeUInt32LE(UNPACKED % 2 ** 32, 4);
  bodies.set('gzip', Buffer.concat([Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]), raw.packed, trailer]));
  bodies.set('deflate', deflated.packed);
  bodies.set(
    'br',
    zlib.brotliCompressSync(Buffer.concat([Buffer.from(page.prefix), Buffer.alloc(64 * MB, page.repeat)]), {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
    }),
  );
  server = http.createServer((request, response) => {
    const encoding = request.url!.slice(1);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': encoding });
    response.end(bodies.get(encoding));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe.each(['gzip', 'deflate', 'br'])('a %s answer that inflates past the cap', (encoding) => {
  it('is read by the research page reader only up to its 2 MB cap', async () => {
    expect(bodies.get(encoding)!.length).toBeLessThan(MB);
    const outcome = await new PageReader({ timeoutMs: 30_000, policy: new OutboundPolicy('127.0.0.1') }).read(
      `${base}/${encoding}`,
    );
    if (!outcome.ok) throw new Error(`expected a page, got: ${outcome.reason}`);
    expect(outcome.page.text.length).toBeGreaterThan(MB);
    expect(outcome.page.text.length).toBeLessThanOrEqual(PAGE_READER_LIMITS.maxBytes);
  });

  it("is read by the websites' SiteFetcher only up to its 2 MB cap", async () => {
    const response = await new SiteFetcher({ timeoutMs: 30_000, policy: new OutboundPolicy('127.0.0.1') }).fetch(
      `${base}/${encoding}`,
    );
    // (Not `truncated`: readCapped stops as soon as a chunk fills the cap exactly, before it knows more was coming.)
    expect({ status: response.status, bytes: response.body.length }).toEqual({
      status: 200,
      bytes: SITE_FETCH_LIMITS.maxBytes,
    });
  });
});
