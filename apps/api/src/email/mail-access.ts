import { OUTBOUND_MESSAGES } from '@aide/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import type { ImapFlow } from 'imapflow';
import type { Transporter } from 'nodemailer';
import type { Repository } from 'typeorm';
import { CredentialsCipher } from '../common/crypto/credentials-cipher';
import { type OAuthTokens, refreshTokens } from '../common/oauth/oauth-tokens';
import type { Env } from '../config/env.schema';
import { errorChain } from '../outbound/error-chain';
import { createImapClient, createSmtpTransport } from '../outbound/mail-clients';
import { OutboundPolicy } from '../outbound/outbound-policy';
import type { EmailCredentials } from './email-integration.entity';
import { EmailIntegrationEntity } from './email-integration.entity';
import { resolveMailServers } from './email-servers.util';

/** Refresh an OAuth access token this long before its stated expiry. */
const EARLY_REFRESH_MS = 60_000;
/** How long a connection, greeting or socket may stay silent before the attempt fails. */
const CONNECTION_TIMEOUT_MS = 30_000;

/** How an account signs in: a password (or app password), or an OAuth2 access token (XOAUTH2). */
export type MailAuth = { user: string; pass: string } | { user: string; accessToken: string };

/**
 * The mail servers of one account, signed in as it: IMAP (imapflow) for reading and SMTP
 * (nodemailer) for sending. Credentials are decrypted here and nowhere else; an OAuth token
 * near expiry is refreshed and stored again (encrypted) before it is used.
 */
export interface MailAccount {
  integration: EmailIntegrationEntity;
  /** A connected and signed-in IMAP client. The caller must `logout()` it (or `close()` on failure). */
  connectImap(): Promise<ImapFlow>;
  /** An SMTP transport; `close()` it when done. */
  smtp(): Promise<Transporter>;
}

/** Whether an IMAP or SMTP error means the server refused the account's credentials. */
export function isAuthenticationFailure(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as {
    authenticationFailed?: boolean;
    code?: string;
    serverResponseCode?: string;
    responseCode?: number;
  };
  return (
    e.authenticationFailed === true ||
    e.code === 'EAUTH' ||
    e.serverResponseCode === 'AUTHENTICATIONFAILED' ||
    e.responseCode === 535
  );
}

/** Whether an IMAP error carries the server's own words (a tagged NO/BAD): it answered as an IMAP server. */
function hasImapAnswer(error: unknown): boolean {
  const text = (error as { responseText?: unknown } | null)?.responseText;
  return typeof text === 'string' && text.trim() !== '';
}

/**
 * The mail server could not be reached as one: the address is not allowed, the port is closed, it
 * did not answer in time or did not speak the protocol. Users read the same words for all of them
 * (so answers cannot map what listens where); the server's log has the real reason.
 */
export class MailServerUnreachableError extends Error {
  constructor(host: string, cause: unknown) {
    super(OUTBOUND_MESSAGES.couldNotConnect(host), { cause });
    this.name = 'MailServerUnreachableError';
  }
}

@Injectable()
export class MailAccess {
  private readonly logger = new Logger('MailAccess');

  constructor(
    @InjectRepository(EmailIntegrationEntity) private readonly integrations: Repository<EmailIntegrationEntity>,
    private readonly cipher: CredentialsCipher,
    private readonly config: ConfigService<Env, true>,
    private readonly outbound: OutboundPolicy,
  ) {}

  /** The account by id (any user's: callers are jobs or already scoped the id), or null when it is gone. */
  async open(integrationId: number): Promise<MailAccount | null> {
    // addSelect: `credentials` is select:false, so it comes only when asked for.
    const row = await this.integrations
      .createQueryBuilder('integration')
      .addSelect('integration.credentials')
      .where('integration.id = :integrationId', { integrationId })
      .getOne();
    if (!row) return null;
    let credentials = this.cipher.decrypt<EmailCredentials>(row.credentials);
    const servers = resolveMailServers(row);
    const user = row.username ?? row.email;
    /** A password, or the access token (refreshed when it is about to expire, or when `force`d). */
    const auth = async (force = false): Promise<MailAuth> => {
      if ('password' in credentials) return { user, pass: credentials.password };
      const tokens = await this.freshTokens(row.id, credentials.oauth, force);
      credentials = { oauth: tokens };
      return { user, accessToken: tokens.accessToken };
    };
    // The decrypted secret never travels with the row.
    const integration = Object.assign(new EmailIntegrationEntity(), row, { credentials: undefined });

    const connectImap = async (signIn: MailAuth): Promise<ImapFlow> => {
      // Resolved and checked by the outbound policy on every connection (a name may point elsewhere by now).
      const client = createImapClient(await this.checked(servers.imap.host, 'IMAP', row.id), {
        port: servers.imap.port,
        secure: servers.imap.secure,
        auth: signIn,
        logger: false,
        connectionTimeout: CONNECTION_TIMEOUT_MS,
        greetingTimeout: CONNECTION_TIMEOUT_MS,
        socketTimeout: 5 * 60_000,
        // Wait for the server to confirm each flag change and move.
        disableAutoIdle: true,
      });
      // Without a listener a dropped socket would be an uncaught 'error' event and end the process.
      client.on('error', (error: Error) =>
        this.logger.warn(`IMAP ${servers.imap.host} (account ${row.id}): ${error.message}`),
      );
      try {
        await client.connect();
      } catch (error) {
        client.close();
        // A refused sign-in, or anything else the server said in IMAP, is its answer and is shown as such.
        if (isAuthenticationFailure(error) || hasImapAnswer(error)) throw error;
        this.logger.warn(
          `IMAP ${servers.imap.host}:${servers.imap.port} (account ${row.id}) could not be reached: ${errorChain(error)}`,
        );
        throw new MailServerUnreachableError(servers.imap.host, error);
      }
      return client;
    };

    return {
      integration,
      connectImap: async () => {
        try {
          return await connectImap(await auth());
        } catch (error) {
          // An access token can be revoked or expire early: one fresh token, one more try.
          if (!('oauth' in credentials) || !isAuthenticationFailure(error)) throw error;
          return connectImap(await auth(true));
        }
      },
      smtp: async () => {
        const signIn = await auth();
        return createSmtpTransport(await this.checked(servers.smtp.host, 'SMTP', row.id), {
          port: servers.smtp.port,
          secure: servers.smtp.secure,
          auth: 'pass' in signIn ? signIn : { type: 'OAuth2', user: signIn.user, accessToken: signIn.accessToken },
          connectionTimeout: CONNECTION_TIMEOUT_MS,
          greetingTimeout: CONNECTION_TIMEOUT_MS,
          socketTimeout: CONNECTION_TIMEOUT_MS,
        });
      },
    };
  }

  /** The host resolved and checked by the outbound policy; a refusal reads like any unreachable server. */
  private async checked(host: string, protocol: 'IMAP' | 'SMTP', integrationId: number) {
    try {
      return await this.outbound.resolve(host);
    } catch (error) {
      this.logger.warn(`${protocol} ${host} (account ${integrationId}) not contacted: ${errorChain(error)}`);
      throw new MailServerUnreachableError(host, error);
    }
  }

  /**
   * The stored tokens, refreshed (and stored again, encrypted) when about to expire or when
   * `force`d. A refresh Google refuses (access revoked) is an authentication failure: the
   * account is then made inactive by the sync like one with a wrong password.
   */
  private async freshTokens(integrationId: number, tokens: OAuthTokens, force: boolean): Promise<OAuthTokens> {
    if (!force && (tokens.expiresAt === null || tokens.expiresAt - EARLY_REFRESH_MS > Date.now())) return tokens;
    const clientId = this.config.get('GOOGLE_CLIENT_ID', { infer: true });
    const clientSecret = this.config.get('GOOGLE_CLIENT_SECRET', { infer: true });
    let fresh: OAuthTokens;
    try {
      if (!clientId || !clientSecret) throw new Error('Google sign-in is not configured here any more');
      fresh = await refreshTokens(
        { tokenUrl: this.config.get('GOOGLE_TOKEN_URL', { infer: true }), clientId, clientSecret },
        tokens,
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw Object.assign(new Error(`Google no longer accepts this account's sign-in (${reason}): connect it again`), {
        authenticationFailed: true,
      });
    }
    const credentials: EmailCredentials = { oauth: fresh };
    await this.integrations.update(integrationId, { credentials: this.cipher.encrypt(credentials) });
    return fresh;
  }
}
