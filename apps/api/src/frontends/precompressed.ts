import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';

/** negotiator 1.x (Express's own), typed here: it ships no types, and @types/negotiator is 0.6's, without `preferred`. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Negotiator = require('negotiator') as new (request: IncomingMessage) => {
  /** The offered encodings the request accepts, best first: by its q-values, ties broken by `preferred`. */
  encodings(available: readonly string[], options?: { preferred?: readonly string[] }): string[];
};

/** The copies the build writes beside a file under static/ (libs/module-kit/build/precompress.ts), by encoding. */
const COPY_SUFFIXES = new Map([
  ['br', '.br'],
  ['gzip', '.gz'],
]);
const ENCODINGS = [...COPY_SUFFIXES.keys()];
/** Content-hashed asset paths as the build names them; anything else is left to express.static. */
const ASSET_PATH = /^\/static\/(?:[\w-]+\/)*[\w-][\w.-]*$/;
/**
 * The types of what the build compresses, as express.static sends them. A copy's own extension
 * would say application/octet-stream.
 */
const CONTENT_TYPES = new Map([
  ['.js', 'text/javascript; charset=utf-8'],
  ['.css', 'text/css; charset=utf-8'],
  ['.svg', 'image/svg+xml'],
]);

/**
 * Sends the build's brotli or gzip copy of a file under static/, whichever the browser prefers,
 * instead of letting the compression middleware gzip it on every request: on a cold page load the
 * API answers a dozen scripts at once, and compressing them held its one thread (and the browser's
 * first screen) for about 0.1 s on 2 CPUs. A file without a copy (a few bytes, or a build from
 * before the copies) and a browser that takes neither encoding go on to express.static as before.
 * `headers` are those express.static would have set (the immutable caching of static/).
 */
export function precompressed(dist: string, headers: Record<string, string>) {
  return (request: Request, response: Response, next: NextFunction) => {
    const contentType = CONTENT_TYPES.get(path.posix.extname(request.path));
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !contentType || !ASSET_PATH.test(request.path))
      return next();
    // The answer depends on Accept-Encoding whichever way it goes.
    response.vary('Accept-Encoding');
    // The encodings the browser takes, by its q-values; where it ranks both alike (as browsers
    // do), brotli, the smaller.
    const accepted = new Negotiator(request).encodings(ENCODINGS, { preferred: ENCODINGS });
    const send = (index: number) => {
      const encoding = accepted[index];
      if (!encoding) return next();
      response.sendFile(
        `${request.path.slice(1)}${COPY_SUFFIXES.get(encoding)}`,
        {
          root: dist,
          headers: {
            ...headers,
            'Content-Encoding': encoding,
            'Content-Type': contentType,
          },
        },
        (error?: NodeJS.ErrnoException & { status?: number }) => {
          if (!error) return;
          if (error.status === 404 && !response.headersSent) return send(index + 1);
          // The browser went away mid-file (a cancelled navigation): nothing to answer.
          if (response.headersSent) return;
          next(error);
        },
      );
    };
    send(0);
  };
}
