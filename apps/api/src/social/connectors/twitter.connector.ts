import type { SocialEngagement } from '@aide/contracts';
import { callPlatform, count, type PlatformFailure } from './platform-http';
import {
  SocialConnectorError,
  type PublishedPost,
  type PublishRequest,
  type SocialConnector,
  type SocialIdentity,
  type SocialOAuthSettings,
} from './social-connector';

export interface TwitterConnectorOptions {
  /** TWITTER_API_URL: https://api.twitter.com (…/2/tweets, …/2/oauth2/token). */
  apiUrl: string;
  /** TWITTER_AUTHORIZE_URL. */
  authorizeUrl: string;
}

const LABEL = 'X';
/** GET /2/tweets takes at most 100 ids. */
const IDS_PER_LOOKUP = 100;

interface PublicMetrics {
  like_count?: number;
  retweet_count?: number;
  quote_count?: number;
  reply_count?: number;
  impression_count?: number;
}

/** X API v2 errors are problem details ({ title, detail, type, status }); older ones { errors: [{ message }] }. */
function describe(_status: number, body: unknown): PlatformFailure {
  const problem = body as { detail?: unknown; title?: unknown; errors?: { message?: unknown }[] } | undefined;
  const detail = [problem?.detail, problem?.errors?.[0]?.message, problem?.title].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  return { detail };
}

/**
 * X API v2 with OAuth 2.0 Authorization Code and PKCE: a confidential client authenticates to the
 * token endpoint with HTTP Basic; `offline.access` gets a refresh token (access tokens last 2 hours).
 */
export class TwitterConnector implements SocialConnector {
  readonly platform = 'twitter' as const;
  readonly oauth: SocialOAuthSettings;

  constructor(private readonly options: TwitterConnectorOptions) {
    this.oauth = {
      authorizeUrl: options.authorizeUrl,
      tokenUrl: `${options.apiUrl}/2/oauth2/token`,
      scope: 'tweet.read tweet.write users.read offline.access',
      extraParams: {},
      clientAuth: 'basic',
      pkce: true,
    };
  }

  async identify(accessToken: string): Promise<SocialIdentity> {
    const { body } = await callPlatform<{ data?: { id?: string; name?: string; username?: string } }>({
      label: LABEL,
      action: 'to say whose account this is',
      url: `${this.options.apiUrl}/2/users/me`,
      token: accessToken,
      describe,
    });
    const user = body?.data;
    if (!user?.id || !user.username) throw new SocialConnectorError(`${LABEL} did not say whose account this is`);
    return { externalAccountId: user.id, accountName: `@${user.username}` };
  }

  async publish(accessToken: string, _externalAccountId: string, post: PublishRequest): Promise<PublishedPost> {
    // Text only: attaching the image would take X's media upload, which this connector does not do.
    const { body } = await callPlatform<{ data?: { id?: string } }>({
      label: LABEL,
      action: 'the post',
      url: `${this.options.apiUrl}/2/tweets`,
      method: 'POST',
      token: accessToken,
      json: { text: post.text },
      describe,
    });
    const id = body?.data?.id;
    if (!id) throw new SocialConnectorError(`${LABEL} accepted the post but did not say where it is`);
    // The account's handle is not known here (only its id); X redirects /i/web/status/<id> to the post.
    return { externalId: id, url: `https://x.com/i/web/status/${id}` };
  }

  async engagement(
    accessToken: string,
    _externalAccountId: string,
    externalIds: string[],
  ): Promise<Map<string, SocialEngagement>> {
    const figures = new Map<string, SocialEngagement>();
    const ids = [...new Set(externalIds)];
    for (let start = 0; start < ids.length; start += IDS_PER_LOOKUP) {
      const query = new URLSearchParams({
        ids: ids.slice(start, start + IDS_PER_LOOKUP).join(','),
        'tweet.fields': 'public_metrics',
      });
      // Deleted or unknown posts come back in `errors` (Not Found Error) beside the found ones in `data`.
      const { body } = await callPlatform<{ data?: { id?: string; public_metrics?: PublicMetrics }[] }>({
        label: LABEL,
        action: 'to share the figures',
        url: `${this.options.apiUrl}/2/tweets?${query}`,
        token: accessToken,
        describe,
      });
      for (const tweet of body?.data ?? []) {
        if (!tweet.id) continue;
        const metrics = tweet.public_metrics ?? {};
        figures.set(tweet.id, {
          likes: count(metrics.like_count),
          shares: count(metrics.retweet_count) + count(metrics.quote_count),
          comments: count(metrics.reply_count),
          reach: count(metrics.impression_count),
        });
      }
    }
    return figures;
  }
}
