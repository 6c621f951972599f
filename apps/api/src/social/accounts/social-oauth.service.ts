import { createHash, randomBytes } from 'node:crypto';
import type { SocialPlatform } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { exchangeSocialCode } from '../connectors/social-oauth';
import { SocialAccountsService } from './social-accounts.service';

/** Kept server-side in the session between the start and the callback. */
export interface PendingSocialOAuth {
  platform: SocialPlatform;
  state: string;
  codeVerifier: string;
  redirectUri: string;
}

const random = () => randomBytes(32).toString('base64url');

/** Connecting a platform account: the OAuth2 authorization code flow (RFC 6749 §4.1), with PKCE where the platform uses it (RFC 7636). */
@Injectable()
export class SocialOAuthService {
  constructor(private readonly accounts: SocialAccountsService) {}

  isConfigured(platform: SocialPlatform): boolean {
    return this.accounts.isConfigured(platform);
  }

  /** The authorization URL and what the callback will check. Call only when isConfigured(). */
  start(platform: SocialPlatform, redirectUri: string): { authUrl: string; pending: PendingSocialOAuth } {
    const connector = this.accounts.connector(platform);
    const client = this.accounts.client(platform);
    if (!connector || !client) throw new Error('not configured');
    const { oauth } = connector;
    const pending: PendingSocialOAuth = { platform, state: random(), codeVerifier: random(), redirectUri };
    const url = new URL(oauth.authorizeUrl);
    url.search = new URLSearchParams({
      client_id: client.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: oauth.scope,
      state: pending.state,
      ...(oauth.pkce && {
        code_challenge: createHash('sha256').update(pending.codeVerifier).digest('base64url'),
        code_challenge_method: 'S256',
      }),
      ...oauth.extraParams,
    }).toString();
    return { authUrl: url.href, pending };
  }

  /** Exchanges the code, asks the platform whose account it is, and stores the account (tokens encrypted). */
  async complete(userId: number, pending: PendingSocialOAuth, code: string): Promise<void> {
    const connector = this.accounts.connector(pending.platform);
    const client = this.accounts.client(pending.platform);
    if (!connector || !client) throw new Error('not configured');
    // The verifier goes only where PKCE was used; a platform without it would reject the unknown parameter.
    const tokens = await exchangeSocialCode(
      client,
      code,
      pending.redirectUri,
      connector.oauth.pkce ? pending.codeVerifier : null,
    );
    const identity = await connector.identify(tokens.accessToken);
    await this.accounts.connect(userId, pending.platform, tokens, identity);
  }
}
