import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { policedFetch } from './dav-client';
import { OutboundPolicy } from './outbound-policy';

interface Seen {
  method: string;
  url: string;
  authorization?: string;
}

/** A server on 127.0.0.1 recording what it was asked and answering with `answer`. */
async function server(answer: (incoming: http.IncomingMessage, outgoing: http.ServerResponse) => void) {
  const seen: Seen[] = [];
  const instance = http.createServer((incoming, outgoing) => {
    seen.push({
      method: incoming.method ?? '',
      url: incoming.url ?? '',
      authorization: incoming.headers.authorization,
    });
    incoming.resume();
    answer(incoming, outgoing);
  });
  await new Promise<void>((resolve) => instance.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(instance.address() as AddressInfo).port}`;
  return {
    base,
    seen,
    close: () => new Promise<void>((resolve) => (instance.closeAllConnections(), instance.close(() => resolve()))),
  };
}

const allowLoopback = new OutboundPolicy('127.0.0.1');
const auth = { authorization: 'Basic YWRhOnNlY3JldA==' };

describe('policedFetch (tsdav through the outbound policy)', () => {
  it('follows a redirect by hand, keeping the method and body, and drops Authorization for another origin', async () => {
    const target = await server((_in, out) =>
      out.writeHead(207, { 'content-type': 'application/xml' }).end('<multistatus/>'),
    );
    const source = await server((incoming, out) => {
      if (incoming.url === '/moved')
        out.writeHead(207, { 'content-type': 'application/xml' }).end('<multistatus>here</multistatus>');
      else out.writeHead(307, { location: incoming.url === '/same' ? '/moved' : `${target.base}/there` }).end();
    });
    try {
      const fetch = policedFetch(allowLoopback, { sawUnauthorized: false });
      const same = await fetch(`${source.base}/same`, { method: 'PROPFIND', headers: auth, body: '<propfind/>' });
      expect(same.status).toBe(207);
      expect(await same.text()).toBe('<multistatus>here</multistatus>');
      expect(source.seen.map((s) => [s.method, s.url, s.authorization])).toEqual([
        ['PROPFIND', '/same', auth.authorization],
        ['PROPFIND', '/moved', auth.authorization],
      ]);
      const other = await fetch(`${source.base}/other`, { method: 'PROPFIND', headers: auth, body: '<propfind/>' });
      expect(other.status).toBe(207);
      expect(await other.text()).toBe('<multistatus/>');
      expect(target.seen).toEqual([{ method: 'PROPFIND', url: '/there', authorization: undefined }]);
    } finally {
      await source.close();
      await target.close();
    }
  });

  it("hands a redirect back when asked to ('manual', tsdav's discovery), and the next request is checked again", async () => {
    const source = await server((_in, out) =>
      out.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    );
    try {
      const fetch = policedFetch(allowLoopback, { sawUnauthorized: false });
      const answer = await fetch(`${source.base}/.well-known/caldav`, { method: 'PROPFIND', redirect: 'manual' });
      expect(answer.status).toBe(301);
      await expect(fetch(answer.headers.get('location')!, { method: 'PROPFIND' })).rejects.toThrow(
        'Could not connect to the server at 169.254.169.254. Check the address and port.',
      );
      await expect(fetch(`${source.base}/`, { method: 'PROPFIND' })).rejects.toThrow(
        `Could not connect to the server at 127.0.0.1. Check the address and port.`,
      );
    } finally {
      await source.close();
    }
  });

  it('stops after 5 redirects and notes a 401', async () => {
    const loop = await server((incoming, out) =>
      incoming.url === '/locked' ? out.writeHead(401).end() : out.writeHead(302, { location: '/again' }).end(),
    );
    try {
      const exchange = { sawUnauthorized: false };
      const fetch = policedFetch(allowLoopback, exchange);
      await expect(fetch(`${loop.base}/start`)).rejects.toThrow('Could not connect to the server at 127.0.0.1');
      expect(loop.seen).toHaveLength(6);
      expect((await fetch(`${loop.base}/locked`)).status).toBe(401);
      expect(exchange.sawUnauthorized).toBe(true);
    } finally {
      await loop.close();
    }
  });
});
