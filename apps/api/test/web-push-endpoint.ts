import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on 127.0.0.1 that speaks the Web Push protocol as a browser vendor's does, for
 * tests: it takes POST <endpoint> (RFC 8030), refuses a request whose VAPID `Authorization: vapid
 * t=<JWT>, k=<key>` does not verify (RFC 8292: ES256 over the key given, audience this origin, not
 * expired), and decrypts the aes128gcm body (RFC 8188 + RFC 8291) with the subscription's private
 * key and auth secret, which it made like a browser does. Written on node:crypto alone, not on
 * web-push's own code, so the two sides are independent.
 */
export interface WebPushSubscription {
  /** What PushSubscription.toJSON() gives: POST this to /api/push/subscriptions. */
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
  id: string;
}

export interface ReceivedPush {
  subscriptionId: string;
  /** The VAPID public key that signed the request (base64url). */
  vapidKey: string;
  /** The JWT's claims: aud, exp, sub. */
  claims: { aud: string; exp: number; sub: string };
  headers: IncomingHttpHeaders;
  /** The decrypted payload, as the browser's service worker would read it (event.data.text()). */
  text: string;
}

export interface WebPushEndpoint {
  origin: string;
  /** A new subscription (a P-256 key pair and a 16-byte auth secret), its endpoint on this server. */
  subscribe(): WebPushSubscription;
  /** What this server accepted, oldest first. */
  received: ReceivedPush[];
  /** Requests it refused, with why (a bad signature, an undecryptable body). */
  refused: string[];
  /** Answers `status` (e.g. 410 Gone) to every later push for this subscription. */
  answer(subscriptionId: string, status: number): void;
  close(): Promise<void>;
}

interface Keys {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
  status: number;
}

const b64 = (text: string) => Buffer.from(text, 'base64url');

/** RFC 8292: checks the JWT in `Authorization: vapid t=…, k=…` and answers the key and claims. */
function verifyVapid(header: string | undefined, origin: string): { vapidKey: string; claims: ReceivedPush['claims'] } {
  const match = /^vapid\s+t=([^,\s]+)\s*,\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no vapid Authorization: ${header}`);
  const [, jwt, vapidKey] = match;
  const [headerPart, claimsPart, signature] = jwt.split('.');
  const jwtHeader = JSON.parse(b64(headerPart).toString()) as { alg: string; typ: string };
  if (jwtHeader.alg !== 'ES256') throw new Error(`JWT alg ${jwtHeader.alg}`);
  const point = b64(vapidKey);
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${headerPart}.${claimsPart}`),
    { key, dsaEncoding: 'ieee-p1363' },
    b64(signature),
  );
  if (!signed) throw new Error('the VAPID signature does not verify');
  const claims = JSON.parse(b64(claimsPart).toString()) as ReceivedPush['claims'];
  if (claims.aud !== origin) throw new Error(`JWT aud ${claims.aud}, not ${origin}`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 60 * 60)) throw new Error(`JWT exp ${claims.exp} out of range`);
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error(`JWT sub ${claims.sub}`);
  return { vapidKey, claims };
}

/** RFC 8291 (aes128gcm, RFC 8188): the plaintext of a one-record body. */
function decrypt(body: Buffer, keys: Keys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const sharedSecret = keys.ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.publicKey, serverPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

export async function startWebPushEndpoint(port = 0): Promise<WebPushEndpoint> {
  const subscriptions = new Map<string, Keys>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let origin = '';

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
      const keys = id ? subscriptions.get(id) : undefined;
      if (request.method !== 'POST' || !id || !keys) return void response.writeHead(404).end();
      if (keys.status >= 400) return void response.writeHead(keys.status).end();
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        if (!request.headers.ttl) throw new Error('no TTL');
        const { vapidKey, claims } = verifyVapid(request.headers.authorization, origin);
        const text = decrypt(Buffer.concat(chunks), keys);
        received.push({ subscriptionId: id, vapidKey, claims, headers: request.headers, text });
        // RFC 8030: 201 Created, with where the message is kept.
        response.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
      } catch (error) {
        refused.push(error instanceof Error ? error.message : String(error));
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      subscriptions.set(id, { ecdh, publicKey, auth, status: 201 });
      return {
        id,
        json: {
          endpoint: `${origin}/push/${id}`,
          keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
        },
      };
    },
    answer(subscriptionId, status) {
      const keys = subscriptions.get(subscriptionId);
      if (keys) keys.status = status;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
