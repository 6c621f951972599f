import http from 'node:http';
import type { AddressInfo } from 'node:net';
import serveStatic from 'serve-static';

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves a folder on 127.0.0.1 (a free port) the way a CDN would serve a remote's build: any
 * origin may fetch it, so the shell on another origin can read its manifest.
 */
export async function serveFolder(folder: string): Promise<StaticServer> {
  const files = serveStatic(folder);
  const server = http.createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    files(request, response, () => {
      response.statusCode = 404;
      response.end('Not found');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
