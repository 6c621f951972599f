import type { OAuthClientConfig, OAuthTokens } from '../../common/oauth/oauth-tokens';
import { callPlatform, type PlatformFailure } from './platform-http';
import { SocialConnectorError } from './social-connector';

/** A platform's OAuth client: where to ask for tokens, and how the client proves itself there. */
export interface SocialOAuthClient extends OAuthClientConfig {
  /** How the user knows the platform, for messages. */
  label: string;
  /** 'basic': HTTP Basic (X's confidential clients); 'body': client_id and client_secret in the form. */
  clientAuth: 'body' | 'basic';
}

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
}

/** OAuth2 errors ({ error, error_description }) and Graph's ({ error: { message, code } }). */
function describeToken(_status: number, body: unknown): PlatformFailure {
  const answer = body as { error?: unknown; error_description?: unknown } | undefined;
  const graph =
    typeof answer?.error === 'object' && answer.error !== null
      ? (answer.error as { message?: unknown; code?: unknown })
      : undefined;
  const detail = [answer?.error_description, graph?.message, answer?.error].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  // invalid_grant: the code or refresh token is spent, expired or revoked; Graph 190 likewise.
  return { detail, auth: answer?.error === 'invalid_grant' || graph?.code === 190 };
}

/**
 * POSTs an OAuth2 token request (RFC 6749 §4.1.3, §6). With 'basic' the client's id and secret go
 * as HTTP Basic (each form-encoded first, §2.3.1) and the id also in the body, as X documents.
 */
async function tokenRequest(
  client: SocialOAuthClient,
  action: string,
  params: Record<string, string>,
  previous?: OAuthTokens,
): Promise<OAuthTokens> {
  const form: Record<string, string> = { ...params, client_id: client.clientId };
  const headers: Record<string, string> = {};
  if (client.clientAuth === 'basic') {
    const credentials = `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
  } else {
    form.client_secret = client.clientSecret;
  }
  const { body } = await callPlatform<TokenAnswer>({
    label: client.label,
    action,
    url: client.tokenUrl,
    method: 'POST',
    headers,
    form,
    describe: describeToken,
  });
  if (!body?.access_token) throw new SocialConnectorError(`${client.label} did not grant access`);
  return {
    accessToken: body.access_token,
    // X rotates refresh tokens; LinkedIn and Meta may send none: keep the one we have.
    refreshToken: body.refresh_token ?? previous?.refreshToken ?? null,
    expiresAt: typeof body.expires_in === 'number' ? Date.now() + body.expires_in * 1000 : null,
  };
}

/** The authorization code (and the PKCE verifier, where the flow used one) for tokens. */
export function exchangeSocialCode(
  client: SocialOAuthClient,
  code: string,
  redirectUri: string,
  codeVerifier?: string | null,
): Promise<OAuthTokens> {
  return tokenRequest(client, 'the sign-in', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    ...(codeVerifier && { code_verifier: codeVerifier }),
  });
}

/**
 * New tokens from the refresh token. Without one (Meta gives none; its long-lived tokens are
 * renewed by signing in again) the account has to be connected again: an auth error.
 */
export function refreshSocialTokens(client: SocialOAuthClient, tokens: OAuthTokens): Promise<OAuthTokens> {
  if (!tokens.refreshToken) {
    return Promise.reject(
      new SocialConnectorError(`${client.label} no longer accepts this account's sign-in: connect it again`, true),
    );
  }
  return tokenRequest(
    client,
    'to renew the sign-in',
    { grant_type: 'refresh_token', refresh_token: tokens.refreshToken },
    tokens,
  ).catch((error: unknown) => {
    // A refused refresh (X answers invalid_request, others invalid_grant) means the grant is gone: sign in again.
    if (
      error instanceof SocialConnectorError &&
      !error.retryable &&
      !error.auth &&
      error.status !== undefined &&
      error.status < 500
    ) {
      throw new SocialConnectorError(
        `${client.label} no longer accepts this account's sign-in: connect it again`,
        true,
        error.status,
      );
    }
    throw error;
  });
}
