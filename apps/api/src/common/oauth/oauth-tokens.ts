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
}

interface TokenResponse {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  error?: string;
  error_description?: string;
}

/** POSTs an OAuth2 token request (RFC 6749 §4.1.3, §6), the client authenticating with its secret in the body. */
async function tokenRequest(
  config: OAuthClientConfig,
  params: Record<string, string>,
  previous?: OAuthTokens,
): Promise<OAuthTokens> {
  const response = await fetch(config.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ ...params, client_id: config.clientId, client_secret: config.clientSecret }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await response.json().catch(() => ({}))) as TokenResponse;
  if (!response.ok || !body.access_token) {
    // The error code and description only: they never hold a token.
    throw new Error(
      `The token endpoint refused: ${body.error ?? response.status}${body.error_description ? ` (${body.error_description})` : ''}`,
    );
  }
  return {
    accessToken: body.access_token,
    // Refresh responses usually omit the refresh token: keep the one we have.
    refreshToken: body.refresh_token ?? previous?.refreshToken ?? null,
    expiresAt: typeof body.expires_in === 'number' ? Date.now() + body.expires_in * 1000 : null,
  };
}

export function exchangeCode(
  config: OAuthClientConfig,
  code: string,
  codeVerifier: string,
  redirectUri: string,
): Promise<OAuthTokens> {
  return tokenRequest(config, {
    grant_type: 'authorization_code',
    code,
    code_verifier: codeVerifier,
    redirect_uri: redirectUri,
  });
}

export function refreshTokens(config: OAuthClientConfig, tokens: OAuthTokens, scope?: string): Promise<OAuthTokens> {
  if (!tokens.refreshToken)
    throw new Error('The access token expired and there is no refresh token: connect the account again');
  return tokenRequest(
    config,
    { grant_type: 'refresh_token', refresh_token: tokens.refreshToken, ...(scope && { scope }) },
    tokens,
  );
}
