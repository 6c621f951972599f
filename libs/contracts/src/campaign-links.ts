/**
 * Campaign links (issue 27): a link a social post carries to the person's own site is tagged with
 * utm_source (the platform), utm_medium and utm_campaign, so the site's tracker can tell which post
 * brought which visit. Built here once, for the API (posts it writes) and the remotes (links shown).
 */
export const UTM_MEDIUM_SOCIAL = 'social';

export interface CampaignTags {
  /** The platform or site that carries the link: 'linkedin', 'twitter', 'newsletter'. */
  source: string;
  medium: string;
  /** Names the thing promoted, usually campaignSlug(the blog post's or report's title). */
  campaign: string;
}

/** A campaign name from a title: lower case, ASCII letters and digits joined by hyphens, at most 60 characters. */
export function campaignSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, 60).replace(/-+$/, '') || 'post';
}

/**
 * `url` with the campaign's utm_source, utm_medium and utm_campaign (replacing any it had); other
 * parameters and the fragment are kept. (String work, not URL: the contracts build has no DOM types.)
 */
export function withCampaignTags(url: string, tags: CampaignTags): string {
  const hashAt = url.indexOf('#');
  const fragment = hashAt >= 0 ? url.slice(hashAt) : '';
  const beforeFragment = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const queryAt = beforeFragment.indexOf('?');
  const base = queryAt >= 0 ? beforeFragment.slice(0, queryAt) : beforeFragment;
  const kept = (queryAt >= 0 ? beforeFragment.slice(queryAt + 1) : '')
    .split('&')
    .filter((pair) => pair && !/^utm_(source|medium|campaign)=/i.test(pair));
  const tagged = [
    `utm_source=${encodeURIComponent(tags.source)}`,
    `utm_medium=${encodeURIComponent(tags.medium)}`,
    `utm_campaign=${encodeURIComponent(tags.campaign)}`,
  ];
  return `${base}?${[...kept, ...tagged].join('&')}${fragment}`;
}
