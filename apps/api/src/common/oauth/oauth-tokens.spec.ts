import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basicClientCredentials, exchangeCode, refreshTokens } from './oauth-tokens';

interface Received {
  authorization: string | undefined;
  body: Record<string, string>;
}

/** A token endpoint on 127.0.0.1 that records each request and answers `reply`. */
async function tokenEndpoint(reply: { status: number; body: object }) {
  const received: Received[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      received.push({ authorization: req.headers.authorization, body: Object.fromEntries(new URLSearchParams(raw)) });
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('token requests', () => {
  let endpoint: Awaited<ReturnType<typeof tokenEndpoint>>;
  afterEach(() => endpoint.stop());

  it('sends the client secret in the body by default', async () => {
    endpoint = await tokenEndpoint({ status: 200, body: { access_token: 'at', refresh_token: 'rt', expires_in: 60 } });
    const tokens = await exchangeCode({ tokenUrl: endpoint.url, clientId: 'id', clientSecret: 's3cret' }, 'the-code', 'verifier', 'https://app/cb');
    expect(tokens).toEqual({ accessToken: 'at', refreshToken: 'rt', expiresAt: expect.any(Number) });
    expect(endpoint.received[0]).toEqual({
      authorization: undefined,
      body: { grant_type: 'authorization_code', code: 'the-code', code_verifier: 'verifier', redirect_uri: 'https://app/cb', client_id: 'id', client_secret: 's3cret' },
    });
  });

  it("sends HTTP Basic client credentials, and no secret in the body, with clientAuth 'basic'", async () => {
    endpoint = await tokenEndpoint({ status: 200, body: { access_token: 'new' } });
    const tokens = await refreshTokens({ tokenUrl: endpoint.url, clientId: 'my id', clientSecret: 'a:b&c', clientAuth: 'basic' }, { accessToken: 'old', refreshToken: 'rt', expiresAt: 0 });
    // The refresh token is kept when the answer has none.
    expect(tokens).toEqual({ accessToken: 'new', refreshToken: 'rt', expiresAt: null });
    const [request] = endpoint.received;
    expect(request.body).toEqual({ grant_type: 'refresh_token', refresh_token: 'rt', client_id: 'my id' });
    const decoded = Buffer.from(request.authorization!.replace(/^Basic /, ''), 'base64').toString();
    expect(decoded).toBe('my+id:a%3Ab%26c');
  });

  it('says what the endpoint refused, without any token', async () => {
    endpoint = await tokenEndpoint({ status: 400, body: { error: 'invalid_grant', error_description: 'Refresh token revoked' } });
    await expect(refreshTokens({ tokenUrl: endpoint.url, clientId: 'id', clientSecret: 's', clientAuth: 'basic' }, { accessToken: 'a', refreshToken: 'secret-rt', expiresAt: 0 })).rejects.toThrow(
      'The token endpoint refused: invalid_grant (Refresh token revoked)',
    );
  });
});

it('basicClientCredentials form-encodes id and secret before base64 (RFC 6749 §2.3.1)', () => {
  expect(basicClientCredentials('abc', 'def')).toBe(`Basic ${Buffer.from('abc:def').toString('base64')}`);
});
