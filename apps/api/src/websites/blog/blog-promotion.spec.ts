import { checkPostLength } from '@aide/contracts';
import { blogCampaign, blogPromotion } from './blog-promotion';

const POST = {
  id: 3,
  topic: 'heat pumps',
  title: 'Heat Pumps in Cold Climates',
  content:
    '# Heat Pumps in Cold Climates\n\nModern heat pumps keep working efficiently well below freezing. Insulating first makes the unit smaller and cheaper.\n\n## Costs\n\nPrices fell by a fifth in four years.',
  url: 'https://blog.example/heat-pumps/#top',
};

describe('a blog post’s promotion (issue 27)', () => {
  it('offers one post per platform, each linking with its own UTM tags and within its limit', () => {
    const promotion = blogPromotion(POST);
    expect(promotion.campaign).toBe('heat-pumps-in-cold-climates');
    expect(promotion.posts.map((post) => post.platform)).toEqual(['linkedin', 'twitter', 'facebook', 'instagram']);
    for (const post of promotion.posts) {
      expect(post.link).toBe(
        `https://blog.example/heat-pumps/?utm_source=${post.platform}&utm_medium=social&utm_campaign=heat-pumps-in-cold-climates#top`,
      );
      expect(post.campaign).toEqual({ source: post.platform, medium: 'social', campaign: promotion.campaign });
      expect(post.content).toContain(post.link);
      expect(post.content).toContain('Modern heat pumps keep working efficiently well below freezing.');
      expect(checkPostLength(post.platform, post.content, post.hashtags)).toBeNull();
    }
  });

  it('names its campaign by the title, or the topic before there is one', () => {
    expect(blogCampaign({ title: null, topic: 'Café culture' })).toBe('cafe-culture');
  });
});
