import { campaignSlug, UTM_MEDIUM_SOCIAL, withCampaignTags } from './campaign-links';

describe('campaign links', () => {
  it('names a campaign after a title the way an address can carry it', () => {
    expect(campaignSlug('Ten Lessons from Café Owners!')).toBe('ten-lessons-from-cafe-owners');
    expect(campaignSlug('   ')).toBe('post');
  });

  it('tags a link, keeping its other parameters and fragment and replacing old tags', () => {
    const tags = { source: 'linkedin', medium: UTM_MEDIUM_SOCIAL, campaign: 'spring-sale' };
    expect(withCampaignTags('https://example.com/blog/post', tags)).toBe(
      'https://example.com/blog/post?utm_source=linkedin&utm_medium=social&utm_campaign=spring-sale',
    );
    expect(withCampaignTags('https://example.com/p?ref=1&utm_source=old#top', tags)).toBe(
      'https://example.com/p?ref=1&utm_source=linkedin&utm_medium=social&utm_campaign=spring-sale#top',
    );
  });
});
