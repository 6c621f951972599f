import { createHash, randomBytes } from 'node:crypto';
import { OAUTH_QUOTA_REASON, OAUTH_REFUSAL_REASON_PARAM } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { CredentialsCipher } from '../../common/crypto/credentials-cipher';
import { exchangeCode, type OAuthClientConfig } from '../../common/oauth/oauth-tokens';
import { assertPlanQuota, withinPlanQuota } from '../../common/plan-quota';
import type { Env } from '../../config/env.schema';
import { type EmailCredentials, EmailIntegrationEntity } from '../email-integration.entity';

/** Full IMAP and SMTP access (XOAUTH2 needs this scope), and the address it belongs to. */
export const GMAIL_SCOPE = 'https://mail.google.com/ openid email';

/** Where the browser goes back to after connecting: only these screens (never an arbitrary URL). */
const RETURN_PAGES = ['/email', '/calendar'] as const;
type ReturnPage = (typeof RETURN_PAGES)[number];

/** Kept server-side in the session between the start and the callback. */
export interface PendingGmailOAuth {
  state: string;
  codeVerifier: string;
  redirectUri: string;
  returnTo: ReturnPage;
}

const random = () => randomBytes(32).toString('base64url');

/** The return page asked for, when it is one of ours; else the email screen. */
export function returnPage(value: unknown): ReturnPage {
  return RETURN_PAGES.find((page) => page === value) ?? '/email';
}

/**
 * The screen's Integrations tab, saying how connecting went (the panel shows a toast for either);
 * `quota` adds &reason=quota, so the panel shows the plan's limit rather than a generic failure.
 */
export function integrationsTab(page: ReturnPage, outcome: 'connected' | 'error' | 'quota'): string {
  if (outcome === 'quota')
    return `${page}?tab=integrations&error=gmail&${OAUTH_REFUSAL_REASON_PARAM}=${OAUTH_QUOTA_REASON}`;
  return `${page}?tab=integrations&${outcome}=gmail`;
}

/**
 * Connecting a Gmail account with OAuth2 (authorization code + PKCE, RFC 6749 / RFC 7636) instead
 * of an app password: the tokens are stored encrypted as the account's credentials and IMAP and
 * SMTP sign in with XOAUTH2 (MailAccess refreshes the access token). The Google client is the one
 * of Google sign-in and Google Calendar (GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET).
 */
@Injectable()
export class GmailOAuthService {
  constructor(
    private readonly config: ConfigService<Env, true>,
    private readonly cipher: CredentialsCipher,
    @InjectRepository(EmailIntegrationEntity) private readonly integrations: Repository<EmailIntegrationEntity>,
  ) {}

  private client(): OAuthClientConfig | undefined {
    const clientId = this.config.get('GOOGLE_CLIENT_ID', { infer: true });
    const clientSecret = this.config.get('GOOGLE_CLIENT_SECRET', { infer: true });
    if (!clientId || !clientSecret) return undefined;
    return { tokenUrl: this.config.get('GOOGLE_TOKEN_URL', { infer: true }), clientId, clientSecret };
  }

  isConfigured(): boolean {
    return this.client() !== undefined;
  }

  /**
   * Refuses (PlanQuotaExceededException) before the consent page when the user's plan has no room
   * for another account. Not while they hold a Gmail account: the grant may be for that address,
   * which complete() reconnects without taking a new place; the callback decides then.
   */
  async assertRoomToConnect(userId: number): Promise<void> {
    if (await this.integrations.exists({ where: { userId, provider: 'gmail' } })) return;
    await assertPlanQuota(this.integrations.manager.connection, userId, 'emailAccounts');
  }

  /** Google's consent URL and what the callback will check. */
  start(redirectUri: string, returnTo: ReturnPage): { authUrl: string; pending: PendingGmailOAuth } {
    const pending: PendingGmailOAuth = { state: random(), codeVerifier: random(), redirectUri, returnTo };
    const url = new URL(this.config.get('GOOGLE_OAUTH_URL', { infer: true }));
    url.search = new URLSearchParams({
      client_id: this.client()?.clientId ?? '',
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: GMAIL_SCOPE,
      state: pending.state,
      code_challenge: createHash('sha256').update(pending.codeVerifier).digest('base64url'),
      code_challenge_method: 'S256',
      // A refresh token, so the account keeps syncing after the first hour.
      access_type: 'offline',
      prompt: 'consent',
    }).toString();
    return { authUrl: url.href, pending };
  }

  /**
   * Exchanges the code, asks Google which address granted access, and stores the account (or
   * reconnects the existing one with that address: new tokens, active again). Answers its id.
   */
  async complete(userId: number, pending: PendingGmailOAuth, code: string): Promise<{ id: number; created: boolean }> {
    const client = this.client();
    if (!client) throw new Error('Gmail sign-in is not configured');
    const tokens = await exchangeCode(client, code, pending.codeVerifier, pending.redirectUri);
    const email = await this.grantedAddress(tokens.accessToken);
    const credentials: EmailCredentials = { oauth: tokens };
    const encrypted = this.cipher.encrypt(credentials);

    const existing = await this.integrations.findOne({ where: { userId, email }, select: { id: true } });
    if (existing) {
      await this.integrations.update(
        { id: existing.id, userId },
        {
          provider: 'gmail',
          credentials: encrypted,
          isActive: true,
          lastSyncError: null,
          imapHost: null,
          imapPort: null,
          smtpHost: null,
          smtpPort: null,
          username: null,
        },
      );
      return { id: existing.id, created: false };
    }
    const row = this.integrations.create({ userId, provider: 'gmail', email, credentials: encrypted });
    await withinPlanQuota(this.integrations.manager.connection, userId, 'emailAccounts', (manager) =>
      manager.insert(EmailIntegrationEntity, row),
    );
    return { id: row.id, created: true };
  }

  /** The verified address of the grant, from OpenID Connect userinfo. */
  private async grantedAddress(accessToken: string): Promise<string> {
    const response = await fetch(this.config.get('GOOGLE_USERINFO_URL', { infer: true }), {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await response.json().catch(() => ({}))) as { email?: unknown; email_verified?: unknown };
    if (!response.ok || typeof body.email !== 'string' || !body.email)
      throw new Error(`Google's userinfo answered ${response.status} without an address`);
    if (body.email_verified === false) throw new Error('Google says the address is not verified');
    return body.email.toLowerCase();
  }
}
