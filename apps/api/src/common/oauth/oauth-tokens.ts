/** What is stored (encrypted) for an OAuth integration. */
export interface OAuthTokens {
  accessToken: string;
  refreshToken: string | null;
  /** Epoch milliseconds; null when the provider gave no lifetime. */
  expiresAt: number | null;
}

export interface OAuthClientConfig {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /**
   * How the client authenticates on token requests (RFC 6749 §2.3.1): its secret in the body
   * (default), or HTTP Basic (X requires it; the client id still goes in the body, as X's docs show).
   */
  clientAuth?: 'body' | 'basic';
}

interface TokenResponse {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  error?: string;
  error_description?: string;
}

/** RFC 6749 §2.3.1: id and secret are form-encoded before they are joined and base64-encoded. */
export function basicClientCredentials(clientId: string, clientSecret: string): string {
  const encode = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`).toString('base64')}`;
}

/** POSTs an OAuth2 token request (RFC 6749 §4.1.3, §6), the client authenticating with its secret in the body, or by HTTP Basic. */
async function tokenRequest(config: OAuthClientConfig, params: Record<string, string>, previous?: OAuthTokens): Promise<OAuthTokens> {
  const basic = config.clientAuth === 'basic';
  const response = await fetch(config.tokenUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
      ...(basic && { authorization: basicClientCredentials(config.clientId, config.clientSecret) }),
    },
    body: new URLSearchParams({ ...params, client_id: config.clientId, ...(!basic && { client_secret: config.clientSecret }) }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await response.json().catch(() => ({}))) as TokenResponse;
  if (!response.ok || !body.access_token) {
    // The error code and description only: they never hold a token.
    throw new Error(`The token endpoint refused: ${body.error ?? response.status}${body.error_description ? ` (${body.error_description})` : ''}`);
  }
  return {
    accessToken: body.access_token,
    // Refresh responses usually omit the refresh token: keep the one we have.
    refreshToken: body.refresh_token ?? previous?.refreshToken ?? null,
    expiresAt: typeof body.expires_in === 'number' ? Date.now() + body.expires_in * 1000 : null,
  };
}

/** `codeVerifier` '' when the authorization used no PKCE: then none is sent. */
export function exchangeCode(config: OAuthClientConfig, code: string, codeVerifier: string, redirectUri: string): Promise<OAuthTokens> {
  return tokenRequest(config, { grant_type: 'authorization_code', code, ...(codeVerifier && { code_verifier: codeVerifier }), redirect_uri: redirectUri });
}

export function refreshTokens(config: OAuthClientConfig, tokens: OAuthTokens, scope?: string): Promise<OAuthTokens> {
  if (!tokens.refreshToken) throw new Error('The access token expired and there is no refresh token: connect the account again');
  return tokenRequest(config, { grant_type: 'refresh_token', refresh_token: tokens.refreshToken, ...(scope && { scope }) }, tokens);
}
