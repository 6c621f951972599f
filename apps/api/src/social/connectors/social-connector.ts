import type { SocialEngagement, SocialPlatform } from '@aide/contracts';

/** The platform's OAuth2 endpoints and the scopes publishing and reading figures need. */
export interface SocialOAuthSettings {
  authorizeUrl: string;
  tokenUrl: string;
  scope: string;
  /** Extra authorization parameters the platform wants. */
  extraParams: Record<string, string>;
  /** X wants the client's credentials as HTTP Basic on token requests; the others take them in the body. */
  clientAuth: 'body' | 'basic';
  /** PKCE (RFC 7636): X requires it; harmless where ignored. */
  pkce: boolean;
}

/** Who the connected account posts as. */
export interface SocialIdentity {
  /** X/LinkedIn: the member's id; Facebook: the page's id; Instagram: the business account's id. */
  externalAccountId: string;
  accountName: string;
  /**
   * Facebook and Instagram post with a page access token obtained from the user's token; where
   * given, it is stored (encrypted) and used instead of the user token.
   */
  publishToken?: string;
}

/** What a connector needs to publish one post. */
export interface PublishRequest {
  /** The full text: content, then the hashtags (composePostText). */
  text: string;
  imageUrl: string | null;
}

export interface PublishedPost {
  externalId: string;
  /** The post's address on the platform, when it can be known. */
  url: string | null;
}

/**
 * One platform's API, as documented by the platform. Connectors are stateless: every call gets the
 * access token and the account id, and throws SocialConnectorError with a readable message (never
 * a token) when the platform refuses.
 */
export interface SocialConnector {
  readonly platform: SocialPlatform;
  readonly oauth: SocialOAuthSettings;
  /** Right after the OAuth exchange: whose account this is (and the page token where one is needed). */
  identify(accessToken: string): Promise<SocialIdentity>;
  publish(accessToken: string, externalAccountId: string, post: PublishRequest): Promise<PublishedPost>;
  /** The figures of the given posts (by externalId); posts the platform no longer knows are left out. */
  engagement(
    accessToken: string,
    externalAccountId: string,
    externalIds: string[],
  ): Promise<Map<string, SocialEngagement>>;
}

/**
 * A platform refused or could not be reached. `auth` is true when the token was refused (401, or
 * the platform's own "invalid token" code): the account needs connecting again. `retryable` is
 * true when trying again later may work (unreachable, 5xx, rate limited); false for a refusal.
 */
export class SocialConnectorError extends Error {
  constructor(
    message: string,
    readonly auth = false,
    /** The platform's HTTP status, when it answered. */
    readonly status?: number,
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'SocialConnectorError';
  }
}

/** Injection token: a Map<SocialPlatform, SocialConnector> (tests point the base URLs at local servers). */
export const SOCIAL_CONNECTORS = Symbol('SOCIAL_CONNECTORS');
export type SocialConnectors = ReadonlyMap<SocialPlatform, SocialConnector>;
