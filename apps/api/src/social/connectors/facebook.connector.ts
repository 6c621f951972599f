import type { SocialEngagement } from '@aide/contracts';
import {
  describeGraph,
  graphObject,
  lifetimeInsight,
  longLivedUserToken,
  metaOAuthSettings,
  type MetaConnectorOptions,
} from './meta-graph';
import { callPlatform, count } from './platform-http';
import {
  SocialConnectorError,
  type PublishedPost,
  type PublishRequest,
  type SocialConnector,
  type SocialIdentity,
  type SocialOAuthSettings,
} from './social-connector';

const LABEL = 'Facebook';

interface PostFigures {
  reactions?: { summary?: { total_count?: number } };
  comments?: { summary?: { total_count?: number } };
  /** Absent when nobody shared the post. */
  shares?: { count?: number };
}

/**
 * Facebook Pages through the Graph API: the user signs in with Facebook Login, and the app posts as
 * the first Page they manage, with that Page's access token (read with a long-lived user token, so
 * it does not expire).
 */
export class FacebookConnector implements SocialConnector {
  readonly platform = 'facebook' as const;
  readonly oauth: SocialOAuthSettings;

  constructor(private readonly options: MetaConnectorOptions) {
    this.oauth = metaOAuthSettings(options, 'pages_show_list,pages_manage_posts,pages_read_engagement,read_insights');
  }

  async identify(accessToken: string): Promise<SocialIdentity> {
    const userToken = await longLivedUserToken(this.options, LABEL, accessToken);
    const { body } = await callPlatform<{ data?: { id?: string; name?: string; access_token?: string }[] }>({
      label: LABEL,
      action: 'to list the Pages this account manages',
      url: `${this.options.graphUrl}/me/accounts?${new URLSearchParams({ fields: 'id,name,access_token' })}`,
      token: userToken,
      describe: describeGraph,
    });
    // A Page is listed without a token when the user may not post on it.
    const page = body?.data?.find((candidate) => candidate.id && candidate.access_token);
    if (!page?.id || !page.access_token) throw new SocialConnectorError('No Facebook Page is managed by this account');
    return {
      externalAccountId: page.id,
      accountName: page.name?.trim() || 'Facebook Page',
      publishToken: page.access_token,
    };
  }

  /** `accessToken` is the Page's token (the identity's publishToken); `externalAccountId` the Page's id. */
  async publish(accessToken: string, externalAccountId: string, post: PublishRequest): Promise<PublishedPost> {
    const page = encodeURIComponent(externalAccountId);
    if (post.imageUrl) {
      // A photo post: the Page's /photos edge fetches the image from the link; post_id is the feed post.
      const { body } = await callPlatform<{ id?: string; post_id?: string }>({
        label: LABEL,
        action: 'the post',
        url: `${this.options.graphUrl}/${page}/photos`,
        method: 'POST',
        token: accessToken,
        json: { url: post.imageUrl, caption: post.text },
        describe: describeGraph,
      });
      return this.published(body?.post_id ?? body?.id);
    }
    const { body } = await callPlatform<{ id?: string }>({
      label: LABEL,
      action: 'the post',
      url: `${this.options.graphUrl}/${page}/feed`,
      method: 'POST',
      token: accessToken,
      json: { message: post.text },
      describe: describeGraph,
    });
    return this.published(body?.id);
  }

  private published(id: string | undefined): PublishedPost {
    if (!id) throw new SocialConnectorError(`${LABEL} accepted the post but did not say where it is`);
    // A post id is {page-id}_{post-id}; facebook.com/{that} opens the post.
    return { externalId: id, url: `https://www.facebook.com/${id}` };
  }

  async engagement(
    accessToken: string,
    _externalAccountId: string,
    externalIds: string[],
  ): Promise<Map<string, SocialEngagement>> {
    const figures = new Map<string, SocialEngagement>();
    for (const id of new Set(externalIds)) {
      const post = await graphObject<PostFigures>(
        this.options,
        LABEL,
        accessToken,
        id,
        'reactions.limit(0).summary(total_count),comments.limit(0).summary(total_count),shares',
      );
      if (!post) continue;
      figures.set(id, {
        likes: count(post.reactions?.summary?.total_count),
        shares: count(post.shares?.count),
        comments: count(post.comments?.summary?.total_count),
        // People who saw the post; Meta is retiring impression metrics, so when it does not answer: 0.
        reach: await lifetimeInsight(this.options, LABEL, accessToken, id, 'post_impressions_unique'),
      });
    }
    return figures;
  }
}
