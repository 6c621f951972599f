/**
 * The upload benchmark's baseline, in a child process of its own: a bare node:http server that
 * takes POST /upload multipart bodies, streams each file through busboy into a file on disk with a
 * SHA-256 on the way (what the API's upload does at the least), and answers 201 with the bytes
 * written. No sessions, no database, no type detection. Reports its port over IPC like api-server.ts.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import busboy from 'busboy';

const dir = process.env.UPLOAD_DIR!;

const server = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/upload') {
    res.writeHead(404).end();
    return;
  }
  const parser = busboy({ headers: req.headers });
  const writes: Promise<number>[] = [];
  parser.on('file', (_field, file) => {
    const target = path.join(dir, randomUUID());
    const hash = createHash('sha256');
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        hash.update(chunk);
        done(null, chunk);
      },
    });
    writes.push(
      pipeline(file, counter, createWriteStream(target)).then(() => {
        hash.digest('hex');
        return bytes;
      }),
    );
  });
  parser.on('close', () => {
    void Promise.all(writes).then(
      (sizes) =>
        res
          .writeHead(201, { 'content-type': 'application/json' })
          .end(JSON.stringify({ bytes: sizes.reduce((a, b) => a + b, 0) })),
      (error: Error) => res.writeHead(500).end(error.message),
    );
  });
  req.pipe(parser);
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.send!({ type: 'listening', port });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
process.on('disconnect', () => server.close(() => process.exit(0)));
