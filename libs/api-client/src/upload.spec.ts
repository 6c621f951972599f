/**
 * @jest-environment jsdom
 */
// jsdom gives a real XMLHttpRequest (with upload events); it talks to a real HTTP server on loopback.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, errorDetail, isUnauthorizedError, setUnauthorizedHandler } from './request';
import { uploadWithProgress, type UploadProgress } from './upload';

let server: Server;
let base: string;
const seen: { method?: string; contentType?: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.setEncoding('latin1');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      // The page (jsdom's http://localhost) calls another origin: answer CORS with credentials. An
      // upload with progress listeners is preflighted (XHR spec), so OPTIONS is answered too.
      const cors = {
        'Access-Control-Allow-Origin': req.headers.origin ?? '*',
        'Access-Control-Allow-Credentials': 'true',
      };
      if (req.method === 'OPTIONS')
        return res.writeHead(204, { ...cors, 'Access-Control-Allow-Methods': 'POST' }).end();
      seen.push({ method: req.method, contentType: req.headers['content-type'], body });
      const json = { ...cors, 'Content-Type': 'application/json' };
      if (req.url === '/ok')
        return res.writeHead(201, json).end(JSON.stringify({ documents: [{ id: 1, bytes: body.length }] }));
      if (req.url === '/empty') return res.writeHead(204, cors).end();
      if (req.url === '/limit')
        return res.writeHead(403, json).end('{"message":"The Free plan stores up to 5 documents."}');
      if (req.url === '/auth') return res.writeHead(401, 'Unauthorized', json).end('{"message":"Unauthorized"}');
      if (req.url === '/slow') return setTimeout(() => res.writeHead(201, json).end('{}'), 2_000);
      res.writeHead(404, cors).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));
beforeEach(() => (seen.length = 0));

const form = (size = 200_000) => {
  const data = new FormData();
  data.append('folderId', '4');
  data.append('files', new Blob(['x'.repeat(size)], { type: 'text/plain' }), 'notes.txt');
  return data;
};

describe('uploadWithProgress', () => {
  it('posts the multipart body, reports progress up to 100% and parses the JSON answer', async () => {
    const progress: UploadProgress[] = [];
    const answer = await uploadWithProgress<{ documents: { id: number }[] }>(`${base}/ok`, form(), {
      onProgress: (p) => progress.push(p),
    });
    expect(answer.documents[0].id).toBe(1);
    expect(seen[0].method).toBe('POST');
    expect(seen[0].contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0].body).toContain('name="folderId"');
    expect(seen[0].body).toContain('filename="notes.txt"');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[progress.length - 1].percent).toBe(100);
  });

  it('turns the upload events into percentages, null while the size is unknown', async () => {
    // jsdom sends a body in one piece; a stand-in XMLHttpRequest plays what a browser reports.
    const progress: UploadProgress[] = [];
    const real = globalThis.XMLHttpRequest;
    class SteppedXhr extends real {
      override send() {
        const fire = (loaded: number, total: number, lengthComputable: boolean) =>
          this.upload.dispatchEvent(Object.assign(new Event('progress'), { loaded, total, lengthComputable }));
        fire(0, 0, false);
        fire(250, 1000, true);
        fire(999, 1000, true);
        Object.defineProperty(this, 'status', { value: 201 });
        Object.defineProperty(this, 'responseText', { value: '{"documents":[]}' });
        this.dispatchEvent(new Event('load'));
      }
    }
    globalThis.XMLHttpRequest = SteppedXhr;
    try {
      await expect(
        uploadWithProgress(`${base}/ok`, form(10), { onProgress: (p) => progress.push(p) }),
      ).resolves.toEqual({ documents: [] });
    } finally {
      globalThis.XMLHttpRequest = real;
    }
    expect(progress.map((p) => p.percent)).toEqual([null, 25, 99, 100]);
    expect(progress[3]).toEqual({ loaded: 1000, total: 1000, percent: 100 });
  });

  it('answers undefined on 204', async () => {
    await expect(uploadWithProgress(`${base}/empty`, form(10))).resolves.toBeUndefined();
  });

  it("throws an ApiError with the server's message for a non-OK answer", async () => {
    const error = await uploadWithProgress(`${base}/limit`, form(10)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect(errorDetail(error)).toBe('The Free plan stores up to 5 documents.');
  });

  it('calls the 401 hook and throws an error recognised as unauthorised', async () => {
    const hook = jest.fn();
    const unregister = setUnauthorizedHandler(hook);
    const error = await uploadWithProgress(`${base}/auth`, form(10)).catch((e: unknown) => e);
    unregister();
    expect(hook).toHaveBeenCalledTimes(1);
    expect(isUnauthorizedError(error)).toBe(true);
  });

  it('rejects with an AbortError when its signal aborts', async () => {
    const controller = new AbortController();
    const pending = uploadWithProgress(`${base}/slow`, form(10), { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await expect(uploadWithProgress(`${base}/ok`, form(10), { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('rejects like fetch when the server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    // jsdom also logs the refused connection to the console.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(uploadWithProgress(`http://127.0.0.1:${port}/ok`, form(10))).rejects.toThrow('Failed to fetch');
  });
});
