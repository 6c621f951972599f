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

export interface LinkedInConnectorOptions {
  /** LINKEDIN_API_URL: https://api.linkedin.com (…/v2/userinfo, …/rest/posts). */
  apiUrl: string;
  /** LINKEDIN_OAUTH_URL: https://www.linkedin.com/oauth/v2 (…/authorization, …/accessToken). */
  oauthUrl: string;
  /** LINKEDIN_API_VERSION: the LinkedIn-Version header (YYYYMM) the REST API requires. */
  apiVersion: string;
}

const LABEL = 'LinkedIn';

/** Characters the "little text" format reserves; escaped with a backslash they read as themselves. */
const LITTLE_RESERVED = /[\\|{}@[\]()<>#*_~]/g;
/**
 * A hashtag in the post: '#' then letters, digits or underscores, not inside a word or right after
 * a '/' or '&' (a link's fragment, an HTML entity).
 */
const HASHTAG = /(?<![\p{L}\p{N}_/&])#([\p{L}\p{N}_]+)/gu;

const escapeLittle = (text: string) => text.replace(LITTLE_RESERVED, '\\$&');

/**
 * A post's text as the Posts API's `commentary` wants it, in LinkedIn's "little text" format:
 * every reserved character is backslash-escaped (unescaped, LinkedIn cuts the post at the first
 * one), and each hashtag becomes the documented HashtagTemplate `{hashtag|\#|tag}`, which LinkedIn
 * shows as a linked #tag (it is also how the Posts API returns hashtags).
 */
export function toLittleText(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(HASHTAG)) {
    out += escapeLittle(text.slice(last, match.index));
    out += `{hashtag|\\#|${escapeLittle(match[1])}}`;
    last = match.index + match[0].length;
  }
  return out + escapeLittle(text.slice(last));
}

/** LinkedIn's errors: { status, serviceErrorCode, code, message }; the OAuth endpoints { error, error_description }. */
function describe(_status: number, body: unknown): PlatformFailure {
  const error = body as { message?: unknown; error_description?: unknown } | undefined;
  const detail = [error?.message, error?.error_description].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  return { detail };
}

/**
 * LinkedIn: "Sign In with LinkedIn using OpenID Connect" for the member's id (userinfo `sub`) and
 * "Share on LinkedIn" (w_member_social) for posting as that member through the versioned Posts API.
 */
export class LinkedInConnector implements SocialConnector {
  readonly platform = 'linkedin' as const;
  readonly oauth: SocialOAuthSettings;

  constructor(private readonly options: LinkedInConnectorOptions) {
    this.oauth = {
      authorizeUrl: `${options.oauthUrl}/authorization`,
      tokenUrl: `${options.oauthUrl}/accessToken`,
      scope: 'openid profile w_member_social',
      extraParams: {},
      clientAuth: 'body',
      // LinkedIn's web (3-legged) flow takes the client secret; its PKCE flow is for native apps only.
      pkce: false,
    };
  }

  /** The headers every versioned REST (/rest/…) call needs. */
  private get restHeaders(): Record<string, string> {
    return { 'LinkedIn-Version': this.options.apiVersion, 'X-Restli-Protocol-Version': '2.0.0' };
  }

  async identify(accessToken: string): Promise<SocialIdentity> {
    const { body } = await callPlatform<{ sub?: string; name?: string; given_name?: string; family_name?: string }>({
      label: LABEL,
      action: 'to say whose account this is',
      url: `${this.options.apiUrl}/v2/userinfo`,
      token: accessToken,
      describe,
    });
    if (!body?.sub) throw new SocialConnectorError(`${LABEL} did not say whose account this is`);
    const name = body.name?.trim() || [body.given_name, body.family_name].filter(Boolean).join(' ').trim();
    return { externalAccountId: body.sub, accountName: name || 'LinkedIn member' };
  }

  async publish(accessToken: string, externalAccountId: string, post: PublishRequest): Promise<PublishedPost> {
    // Text only: an image would first have to be uploaded through LinkedIn's Images API.
    const { headers } = await callPlatform({
      label: LABEL,
      action: 'the post',
      url: `${this.options.apiUrl}/rest/posts`,
      method: 'POST',
      token: accessToken,
      headers: this.restHeaders,
      json: {
        author: `urn:li:person:${externalAccountId}`,
        commentary: toLittleText(post.text),
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
        lifecycleState: 'PUBLISHED',
        isReshareDisabledByAuthor: false,
      },
      describe,
    });
    // 201 Created with an empty body: the new post's URN (urn:li:share:… or urn:li:ugcPost:…) is in x-restli-id.
    const urn = headers.get('x-restli-id');
    if (!urn) throw new SocialConnectorError(`${LABEL} accepted the post but did not say where it is`);
    return { externalId: urn, url: `https://www.linkedin.com/feed/update/${urn}/` };
  }

  async engagement(
    accessToken: string,
    _externalAccountId: string,
    externalIds: string[],
  ): Promise<Map<string, SocialEngagement>> {
    const figures = new Map<string, SocialEngagement>();
    for (const urn of new Set(externalIds)) {
      try {
        const { body } = await callPlatform<{
          likesSummary?: { totalLikes?: number };
          commentsSummary?: { aggregatedTotalComments?: number };
        }>({
          label: LABEL,
          action: 'to share the figures',
          url: `${this.options.apiUrl}/rest/socialActions/${encodeURIComponent(urn)}`,
          token: accessToken,
          headers: this.restHeaders,
          describe,
        });
        figures.set(urn, {
          likes: count(body?.likesSummary?.totalLikes),
          comments: count(body?.commentsSummary?.aggregatedTotalComments),
          // Reshares and impressions of a member's post are not available to apps posting as members
          // (the analytics APIs are for organisations): 0, not made up.
          shares: 0,
          reach: 0,
        });
      } catch (error) {
        // A post deleted on LinkedIn: left out, the others are still read.
        if (error instanceof SocialConnectorError && error.status === 404) continue;
        throw error;
      }
    }
    return figures;
  }
}
