import { SOCIAL_MESSAGES, type SocialEngagement } from '@aide/contracts';
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

const LABEL = 'Instagram';

export interface InstagramConnectorOptions extends MetaConnectorOptions {
  /** How long to wait between looks at an image container still being processed; 1 s unless told. */
  containerPollMs?: number;
  /** How many looks before giving up; 10 unless told. */
  containerPolls?: number;
}

interface PageWithInstagram {
  name?: string;
  instagram_business_account?: { id?: string; username?: string };
}

/**
 * Instagram professional accounts through the Instagram Graph API with Facebook Login (the same
 * Meta app as Facebook): the account is the one linked to the first Page the user manages that has
 * one. Publishing is an image with its caption: a media container, then media_publish.
 */
export class InstagramConnector implements SocialConnector {
  readonly platform = 'instagram' as const;
  readonly oauth: SocialOAuthSettings;

  constructor(private readonly options: InstagramConnectorOptions) {
    this.oauth = metaOAuthSettings(
      options,
      'instagram_basic,instagram_content_publish,instagram_manage_insights,pages_show_list,pages_read_engagement',
    );
  }

  async identify(accessToken: string): Promise<SocialIdentity> {
    const userToken = await longLivedUserToken(this.options, LABEL, accessToken);
    const { body } = await callPlatform<{ data?: PageWithInstagram[] }>({
      label: LABEL,
      action: 'to list the accounts this sign-in manages',
      url: `${this.options.graphUrl}/me/accounts?${new URLSearchParams({ fields: 'name,access_token,instagram_business_account{id,username}' })}`,
      token: userToken,
      describe: describeGraph,
    });
    const account = body?.data?.map((page) => page.instagram_business_account).find((candidate) => candidate?.id);
    if (!account?.id) {
      throw new SocialConnectorError(
        'No Instagram professional account is linked to a Facebook Page this account manages',
      );
    }
    // The Instagram Graph API takes the (long-lived) Facebook user token: it is what publishing and figures use.
    return {
      externalAccountId: account.id,
      accountName: account.username ? `@${account.username}` : 'Instagram account',
      publishToken: userToken,
    };
  }

  async publish(accessToken: string, externalAccountId: string, post: PublishRequest): Promise<PublishedPost> {
    if (!post.imageUrl) throw new SocialConnectorError(SOCIAL_MESSAGES.instagramNeedsImage);
    const account = encodeURIComponent(externalAccountId);
    const { body: container } = await callPlatform<{ id?: string }>({
      label: LABEL,
      action: 'the post',
      url: `${this.options.graphUrl}/${account}/media`,
      method: 'POST',
      token: accessToken,
      json: { image_url: post.imageUrl, caption: post.text },
      describe: describeGraph,
    });
    if (!container?.id) throw new SocialConnectorError(`${LABEL} did not take the image`);
    await this.waitUntilReady(accessToken, container.id);
    const { body: media } = await callPlatform<{ id?: string }>({
      label: LABEL,
      action: 'the post',
      url: `${this.options.graphUrl}/${account}/media_publish`,
      method: 'POST',
      token: accessToken,
      json: { creation_id: container.id },
      describe: describeGraph,
    });
    if (!media?.id) throw new SocialConnectorError(`${LABEL} accepted the post but did not say where it is`);
    return { externalId: media.id, url: await this.permalink(accessToken, media.id) };
  }

  /** Instagram fetches the image into the container first; publishing before it is FINISHED fails. */
  private async waitUntilReady(accessToken: string, containerId: string): Promise<void> {
    const polls = this.options.containerPolls ?? 10;
    for (let poll = 0; poll < polls; poll++) {
      const container = await graphObject<{ status_code?: string }>(
        this.options,
        LABEL,
        accessToken,
        containerId,
        'status_code',
      );
      const status = container?.status_code;
      if (status === 'FINISHED' || status === undefined) return;
      if (status === 'ERROR' || status === 'EXPIRED')
        throw new SocialConnectorError(`${LABEL} refused the post: it could not use the image at the image link`);
      await new Promise((resolve) => setTimeout(resolve, this.options.containerPollMs ?? 1000));
    }
    throw new SocialConnectorError(`${LABEL} is still processing the image; try again later`, false, undefined, true);
  }

  /** The post's address; the post is published whatever this answers, so a failure here is only a missing link. */
  private async permalink(accessToken: string, mediaId: string): Promise<string | null> {
    try {
      return (
        (await graphObject<{ permalink?: string }>(this.options, LABEL, accessToken, mediaId, 'permalink'))
          ?.permalink ?? null
      );
    } catch {
      return null;
    }
  }

  async engagement(
    accessToken: string,
    _externalAccountId: string,
    externalIds: string[],
  ): Promise<Map<string, SocialEngagement>> {
    const figures = new Map<string, SocialEngagement>();
    for (const id of new Set(externalIds)) {
      const media = await graphObject<{ like_count?: number; comments_count?: number }>(
        this.options,
        LABEL,
        accessToken,
        id,
        'like_count,comments_count',
      );
      if (!media) continue;
      figures.set(id, {
        likes: count(media.like_count),
        comments: count(media.comments_count),
        // Shares are not read (Instagram reports them only as an insight of some media types): 0.
        shares: 0,
        reach: await lifetimeInsight(this.options, LABEL, accessToken, id, 'reach'),
      });
    }
    return figures;
  }
}
