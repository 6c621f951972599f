import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type * as Oidc from 'openid-client';
import type { Env } from '../config/env.schema';

/**
 * openid-client, required on the first sign-in through the issuer rather than when the API starts
 * (about 0.8 MB of heap): many servers configure no issuer.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
const openidClient = () => require('openid-client') as typeof Oidc;

/** What the app keeps in the session between sending someone to the issuer and their return. */
export interface PendingOidcSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

/** The claims sign-in uses, from the ID token and, where the issuer has one, its userinfo endpoint. */
export interface OidcClaims {
  issuer: string;
  sub: string;
  email?: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
  name?: string;
  picture?: string;
}

const SCOPE = 'openid email profile';
/** Seconds to wait for the issuer; a sign-in page should fail in seconds, not hang for openid-client's 30. */
const ISSUER_TIMEOUT_SECONDS = 10;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/**
 * The OpenID Connect relying party behind "Continue with Google" (openid-client): authorization
 * code flow with PKCE, state and nonce, the client authenticating with its secret. Discovery is
 * lazy, on the first sign-in, so the API starts without reaching the issuer; a failed discovery
 * is forgotten, so the next sign-in tries again.
 */
@Injectable()
export class OidcClientService {
  private readonly logger = new Logger('OidcSignIn');
  private discovery?: Promise<Oidc.Configuration>;

  constructor(private readonly config: ConfigService<Env, true>) {}

  /** Sign-in is on when both the client id and secret are set. */
  isConfigured(): boolean {
    return Boolean(
      this.config.get('GOOGLE_CLIENT_ID', { infer: true }) && this.config.get('GOOGLE_CLIENT_SECRET', { infer: true }),
    );
  }

  /** The issuer's authorization URL for a new sign-in, and what to keep in the session until the callback. */
  async startSignIn(redirectUri: string): Promise<{ authorizationUrl: URL; pending: PendingOidcSignIn }> {
    const oidc = openidClient();
    const configuration = await this.configuration();
    const pending: PendingOidcSignIn = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
      redirectUri,
    };
    const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: SCOPE,
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { authorizationUrl, pending };
  }

  /**
   * Checks the issuer's answer at the callback (state, then the code exchanged with the PKCE
   * verifier, the ID token's signature and nonce) and returns the person's claims. Throws on
   * any failure, including an error the issuer sent back (access_denied).
   */
  async completeSignIn(callbackQuery: string, pending: PendingOidcSignIn): Promise<OidcClaims> {
    const oidc = openidClient();
    const configuration = await this.configuration();
    const callbackUrl = new URL(pending.redirectUri);
    callbackUrl.search = callbackQuery;
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('The issuer sent no ID token');
    // Google puts email and names in the ID token; other issuers (oidc-provider, Keycloak) may only answer them from userinfo.
    const userInfo = configuration.serverMetadata().userinfo_endpoint
      ? await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub)
      : {};
    const claims: Record<string, unknown> = { ...idToken, ...userInfo };
    return {
      issuer: idToken.iss,
      sub: idToken.sub,
      email: text(claims.email)?.toLowerCase(),
      // Some issuers send the flag as the string "true".
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      givenName: text(claims.given_name),
      familyName: text(claims.family_name),
      name: text(claims.name),
      picture: text(claims.picture),
    };
  }

  private configuration(): Promise<Oidc.Configuration> {
    this.discovery ??= this.discover().catch((error: unknown) => {
      this.discovery = undefined;
      throw error;
    });
    return this.discovery;
  }

  private async discover(): Promise<Oidc.Configuration> {
    const oidc = openidClient();
    const issuer = new URL(this.config.get('OIDC_ISSUER_URL', { infer: true }));
    const clientId = this.config.get('GOOGLE_CLIENT_ID', { infer: true });
    const clientSecret = this.config.get('GOOGLE_CLIENT_SECRET', { infer: true });
    if (!clientId || !clientSecret) throw new Error('OpenID Connect sign-in is not configured');
    // openid-client refuses plain http; an http:// issuer is an explicit choice (a local or test issuer).
    const execute = issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [];
    const configuration = await oidc.discovery(issuer, clientId, undefined, oidc.ClientSecretBasic(clientSecret), {
      execute,
      timeout: ISSUER_TIMEOUT_SECONDS,
    });
    this.logger.log(`Discovered the OpenID Connect issuer ${configuration.serverMetadata().issuer}`);
    return configuration;
  }
}
