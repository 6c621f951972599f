import {
  SOCIAL_MESSAGES,
  SOCIAL_PLATFORM_LABELS,
  SOCIAL_PLATFORMS,
  type SocialAccount,
  type SocialPlatform,
} from '@aide/contracts';
import { moduleOpenSql } from '../../feature-toggles/feature-toggles.service';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { CredentialsCipher } from '../../common/crypto/credentials-cipher';
import type { OAuthTokens } from '../../common/oauth/oauth-tokens';
import type { Env } from '../../config/env.schema';
import {
  SOCIAL_CONNECTORS,
  type SocialConnector,
  SocialConnectorError,
  type SocialConnectors,
  type SocialIdentity,
} from '../connectors/social-connector';
import { socialEnvFromConfig, socialOAuthClient, type SocialEnv } from '../connectors/social-connectors.provider';
import { refreshSocialTokens, type SocialOAuthClient } from '../connectors/social-oauth';
import { type SocialCredentials, SocialAccountEntity } from '../social-account.entity';

/** Refresh this long before the stated expiry, so a token does not expire mid-call. */
const REFRESH_EARLY_MS = 60_000;
const ERROR_MAX = 1000;

/** A connected account ready for a call: its connector and a token that is not expired. */
export interface SocialAccess {
  account: SocialAccountEntity;
  connector: SocialConnector;
  /** The identity's publish token where the platform gave one, else the user's access token. */
  token: string;
}

/**
 * The user's connected platform accounts: listing, connecting (after the OAuth exchange),
 * disconnecting, and a usable token for publishing and reading figures. Tokens are stored
 * encrypted (CredentialsCipher) and never leave this service.
 */
@Injectable()
export class SocialAccountsService {
  private readonly env: SocialEnv;

  constructor(
    @InjectRepository(SocialAccountEntity) private readonly accounts: Repository<SocialAccountEntity>,
    private readonly cipher: CredentialsCipher,
    config: ConfigService<Env, true>,
    @Inject(SOCIAL_CONNECTORS) private readonly connectors: SocialConnectors,
  ) {
    this.env = socialEnvFromConfig(config);
  }

  connector(platform: SocialPlatform): SocialConnector | undefined {
    return this.connectors.get(platform);
  }

  /** The OAuth client for token requests; undefined when this server cannot connect the platform (Instagram uses Facebook's app). */
  client(platform: SocialPlatform): SocialOAuthClient | undefined {
    return socialOAuthClient(this.env, platform, this.connectors);
  }

  isConfigured(platform: SocialPlatform): boolean {
    return this.client(platform) !== undefined;
  }

  /** One entry per platform, in SOCIAL_PLATFORMS order. */
  async list(userId: number): Promise<SocialAccount[]> {
    const rows = await this.accounts.find({ where: { userId } });
    return SOCIAL_PLATFORMS.map((platform) => {
      const row = rows.find((account) => account.platform === platform);
      return {
        platform,
        configured: this.isConfigured(platform),
        connected: Boolean(row),
        accountName: row?.accountName ?? null,
        connectedAt: row?.createdAt.toISOString() ?? null,
        error: row?.error ?? null,
      };
    });
  }

  async connectedPlatforms(userId: number): Promise<Set<SocialPlatform>> {
    const rows = await this.accounts.find({ where: { userId }, select: { platform: true } });
    return new Set(rows.map((row) => row.platform));
  }

  async isConnected(userId: number, platform: SocialPlatform): Promise<boolean> {
    return this.accounts.exists({ where: { userId, platform } });
  }

  async disconnect(userId: number, platform: SocialPlatform): Promise<void> {
    const result = await this.accounts.delete({ userId, platform });
    if (!result.affected) throw new NotFoundException(SOCIAL_MESSAGES.accountNotFound);
  }

  /** After the OAuth exchange: the account, created or replaced (one per user and platform), with no error. */
  async connect(
    userId: number,
    platform: SocialPlatform,
    tokens: OAuthTokens,
    identity: SocialIdentity,
  ): Promise<void> {
    const credentials: SocialCredentials = { ...tokens, publishToken: identity.publishToken ?? null };
    await this.accounts
      .createQueryBuilder()
      .insert()
      .values({
        userId,
        platform,
        externalAccountId: identity.externalAccountId.slice(0, 200),
        accountName: identity.accountName.slice(0, 300),
        credentials: this.cipher.encrypt(credentials),
        error: null,
      })
      .orUpdate(['externalAccountId', 'accountName', 'credentials', 'error', 'updatedAt'], ['userId', 'platform'])
      .execute();
  }

  /** Every connected account (all users): for the engagement run. */
  async allConnected(userId?: number): Promise<SocialAccountEntity[]> {
    // Recurring read-back: an account whose owner's social module is locked is left alone.
    const query = this.accounts
      .createQueryBuilder('account')
      .where(moduleOpenSql('social', 'account."userId"'))
      .orderBy('account.id', 'ASC');
    if (userId !== undefined) query.andWhere('account."userId" = :userId', { userId });
    return query.getMany();
  }

  /**
   * The user's account on the platform with a token that is not expired (refreshed and stored
   * first when it is about to), or null when none is connected or this server has no connector for
   * it. A refused refresh sets the account's error and throws SocialConnectorError (auth).
   */
  async access(userId: number, platform: SocialPlatform): Promise<SocialAccess | null> {
    const connector = this.connector(platform);
    if (!connector) return null;
    const account = await this.accounts.findOne({ where: { userId, platform }, select: this.withCredentials() });
    if (!account) return null;
    return { account, connector, token: await this.token(account) };
  }

  async markError(accountId: number, error: string): Promise<void> {
    await this.accounts.update({ id: accountId }, { error: error.slice(0, ERROR_MAX) });
  }

  async clearError(account: SocialAccountEntity): Promise<void> {
    if (account.error) await this.accounts.update({ id: account.id }, { error: null });
  }

  private withCredentials() {
    return {
      id: true,
      userId: true,
      platform: true,
      externalAccountId: true,
      accountName: true,
      credentials: true,
      error: true,
      createdAt: true,
      updatedAt: true,
    } as const;
  }

  private async token(account: SocialAccountEntity): Promise<string> {
    const label = SOCIAL_PLATFORM_LABELS[account.platform];
    let credentials: SocialCredentials;
    try {
      credentials = this.cipher.decrypt<SocialCredentials>(account.credentials);
    } catch (error) {
      const message = `${error instanceof Error ? error.message : String(error)}: connect ${label} again`;
      await this.markError(account.id, message);
      throw new SocialConnectorError(message, true);
    }
    // A page's token (Facebook, Instagram) does not expire with the user's.
    if (credentials.publishToken) return credentials.publishToken;
    if (credentials.expiresAt === null || credentials.expiresAt - REFRESH_EARLY_MS > Date.now())
      return credentials.accessToken;
    const client = this.client(account.platform);
    try {
      if (!client) throw new Error(`connecting ${label} is not configured on this server any more`);
      const fresh = await refreshSocialTokens(client, credentials);
      await this.accounts.update(
        { id: account.id },
        { credentials: this.cipher.encrypt({ ...fresh, publishToken: null } satisfies SocialCredentials), error: null },
      );
      return fresh.accessToken;
    } catch (error) {
      // A network failure (retryable) is tried again later; a refusal, or no way to refresh, needs the user.
      if (error instanceof SocialConnectorError && !error.auth) throw error;
      const message =
        error instanceof SocialConnectorError
          ? error.message
          : `${label} sign-in expired and could not be renewed (${error instanceof Error ? error.message : String(error)}); connect the account again`;
      await this.markError(account.id, message);
      throw new SocialConnectorError(message, true);
    }
  }
}
