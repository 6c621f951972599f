/**
 * A body whose Content-Encoding does not hold (broken or truncated gzip, deflate, brotli), or an
 * encoding or charset the API does not read, answers a readable 4xx `{ message }` — never zlib's
 * own words ('incorrect header check') — on every body parser: JSON, the collector's text/plain
 * and the multipart upload; and nothing is stored.
 */
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { buildTask, signUp, type Agent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { BODY_NOT_DECOMPRESSED, unsupportedCharset, unsupportedContentEncoding } from '../common/http-exception.filter';

const ZLIB_WORDS =
  /incorrect header|unexpected end of file|Decompression failed|Z_[A-Z]+_ERROR|ERR_|zlib|invalid|^Bad Request$/i;

let t: TestApp;
let agent: Agent;
let db: DataSource;

beforeAll(async () => {
  t = await createTestApp({ env: { JOBS_WORKERS: 'false' } });
  db = t.app.get<DataSource>(getDataSourceToken());
  ({ agent } = await signUp(request.agent(t.http)));
});
afterAll(() => t.close());

const task = Buffer.from(JSON.stringify(buildTask({ title: 'From a compressed body' })));
const notCompressed = Buffer.from('this is not compressed at all, whatever the header says');
const broken: Array<[string, string, Buffer]> = [
  ['gzip', 'not gzip at all', notCompressed],
  ['gzip', 'cut short', gzipSync(task).subarray(0, 12)],
  ['gzip', 'corrupted', Buffer.concat([gzipSync(task).subarray(0, 10), Buffer.alloc(40, 0xff)])],
  ['deflate', 'not deflate', notCompressed],
  ['deflate', 'cut short', deflateSync(task).subarray(0, 6)],
  ['br', 'not brotli', notCompressed],
  ['br', 'cut short', brotliCompressSync(task).subarray(0, 5)],
];

/** The bytes as they are: superagent would otherwise JSON-encode a Buffer sent as application/json. */
const raw = (bytes: Buffer) => bytes as unknown as string;
const asIs = (body: unknown) => body as string;

const countTasks = async () => Number((await db.query(`SELECT count(*)::int AS n FROM tasks`))[0].n);

describe.each(broken)('a %s body that is %s', (encoding, _what, body) => {
  it('answers 400 with a readable sentence on the JSON parser, and saves nothing', async () => {
    const before = await countTasks();
    const response = await agent
      .post('/api/tasks')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', encoding)
      .serialize(asIs)
      .send(raw(body));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: BODY_NOT_DECOMPRESSED });
    expect(await countTasks()).toBe(before);
  });

  it("answers 400 with a readable sentence on the collector's text/plain parser", async () => {
    const response = await request(t.http)
      .post('/api/collect')
      .set('Content-Type', 'text/plain')
      .set('Content-Encoding', encoding)
      .serialize(asIs)
      .send(raw(body));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: BODY_NOT_DECOMPRESSED });
  });

  it('answers a readable 4xx on the multipart upload, and stores nothing', async () => {
    const before = Number((await db.query(`SELECT count(*)::int AS n FROM documents`))[0].n);
    const response = await agent
      .post('/api/documents')
      .set('Content-Type', 'multipart/form-data; boundary=XyZ')
      .set('Content-Encoding', encoding)
      .serialize(asIs)
      .send(raw(body));
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body).toEqual({ message: expect.stringMatching(/^[A-Z].{10,}/) });
    expect(response.body.message).not.toMatch(ZLIB_WORDS);
    expect(Number((await db.query(`SELECT count(*)::int AS n FROM documents`))[0].n)).toBe(before);
  });
});

it('still reads a well-formed gzip JSON body', async () => {
  const response = await agent
    .post('/api/tasks')
    .set('Content-Type', 'application/json')
    .set('Content-Encoding', 'gzip')
    .serialize(asIs)
    .send(raw(gzipSync(task)))
    .expect(201);
  expect(response.body.title).toBe('From a compressed body');
});

it('answers 415 with a readable sentence for an encoding or a charset it does not read', async () => {
  const encoding = await agent
    .post('/api/tasks')
    .set('Content-Type', 'application/json')
    .set('Content-Encoding', 'x-zip')
    .serialize(asIs)
    .send(raw(task));
  expect(encoding.status).toBe(415);
  expect(encoding.body).toEqual({ message: unsupportedContentEncoding('x-zip') });
  const charset = await agent
    .post('/api/tasks')
    .set('Content-Type', 'application/json; charset=ebcdic')
    .serialize(asIs)
    .send(raw(task));
  expect(charset.status).toBe(415);
  expect(charset.body).toEqual({ message: unsupportedCharset('ebcdic') });
});
