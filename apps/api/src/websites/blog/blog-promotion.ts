import {
  type BlogPromotion,
  campaignSlug,
  SOCIAL_PLATFORMS,
  UTM_MEDIUM_SOCIAL,
  withCampaignTags,
} from '@aide/contracts';
import { sentencesOf, writeLinkedPost } from '../../social/linked-posts';

/** What a promotion is written from: a written blog post with an address. */
export interface PromotedBlogPost {
  id: number;
  topic: string;
  title: string | null;
  content: string | null;
  url: string;
}

/** The campaign a blog post's promotion links carry (and its visits are counted by). */
export const blogCampaign = (post: Pick<PromotedBlogPost, 'title' | 'topic'>): string =>
  campaignSlug(post.title ?? post.topic);

/**
 * The posts offered when a blog post goes out (issue 27): one per platform, each stating the post's
 * own opening sentences and linking to it with utm_source = the platform, utm_medium = social and
 * utm_campaign = the title's slug. A platform whose limit fits none of the sentences is left out.
 */
export function blogPromotion(post: PromotedBlogPost): BlogPromotion {
  const subject = post.title ?? post.topic;
  const campaign = blogCampaign(post);
  const claims = sentencesOf(post.content ?? '');
  const posts = SOCIAL_PLATFORMS.flatMap((platform) => {
    const tags = { source: platform, medium: UTM_MEDIUM_SOCIAL, campaign };
    const link = withCampaignTags(post.url, tags);
    const written = writeLinkedPost(platform, { subject, claims, link, linkKind: 'article' });
    return written ? [{ platform, topic: subject.slice(0, 500), ...written, link, campaign: tags }] : [];
  });
  return { blogPostId: post.id, url: post.url, campaign, posts };
}
