import { checkPostLength, composePostText, type ResearchSource, SOCIAL_PLATFORMS } from '@aide/contracts';
import { toSocialPost } from './social-post.mapper';
import type { SocialPostEntity } from './social-post.entity';
import { bestSource, reportClaims, sentencesOf, writeLinkedPost } from './linked-posts';

const source = (number: number, url: string, score: number): ResearchSource => ({
  number,
  kind: 'web',
  title: `Source ${number}`,
  url,
  site: null,
  author: null,
  publishedAt: null,
  excerpt: '',
  credibility: { score, parts: [] },
});

const SUMMARY =
  'Air-source heat pumps cut heating emissions by about 60 percent compared with gas boilers [1]. Installation costs fell by a fifth between 2020 and 2024 [2].';
const CONTENT = `# Heat pumps in cold climates

## Key findings

- Modern units keep working efficiently down to minus 20 degrees Celsius [3].
- Households that insulated first needed smaller and cheaper units [1].

| Region | Share |
|---|---|
| Nordics | 40% |

Sources follow
`;

describe('posts from a report (issue 27)', () => {
  it('takes whole sentences from the summary and findings, without citations, headings or tables', () => {
    const claims = reportClaims(SUMMARY, CONTENT);
    expect(claims).toEqual([
      'Air-source heat pumps cut heating emissions by about 60 percent compared with gas boilers.',
      'Installation costs fell by a fifth between 2020 and 2024.',
      'Modern units keep working efficiently down to minus 20 degrees Celsius.',
      'Households that insulated first needed smaller and cheaper units.',
    ]);
    expect(sentencesOf('Key findings\n| a | b |\n## Heading.')).toEqual([]);
  });

  it('links to the most credible web source', () => {
    expect(
      bestSource([
        source(1, 'https://a.example/1', 60),
        source(2, '/documents/4', 99),
        source(3, 'https://b.example/3', 82),
      ])?.url,
    ).toBe('https://b.example/3');
    expect(bestSource([])).toBeNull();
  });

  it('states only the report’s sentences, carries the link, and fits every platform', () => {
    const claims = reportClaims(SUMMARY, CONTENT);
    for (const platform of SOCIAL_PLATFORMS) {
      const post = writeLinkedPost(platform, {
        subject: 'Heat pumps in cold climates',
        claims,
        link: 'https://b.example/3',
        linkKind: 'source',
      })!;
      expect(post.content).toContain('https://b.example/3');
      expect(post.content).toContain(claims[0]);
      expect(checkPostLength(platform, post.content, post.hashtags)).toBeNull();
      // Every sentence that is not the frame's own is one of the report's.
      for (const claim of claims) if (post.content.includes(claim.slice(0, 20))) expect(post.content).toContain(claim);
    }
  });

  it('keeps X within 280 characters by choosing fewer claims, never cutting one', () => {
    const long =
      'This finding is deliberately long so that two of them can never fit together into one short post on X.';
    const post = writeLinkedPost('twitter', {
      subject: 'Long findings',
      claims: [long, `${long.slice(0, -1)} again.`],
      link: 'https://example.org/a-rather-long-address/that-takes-room',
      linkKind: 'source',
    })!;
    expect([...composePostText(post.content, post.hashtags)].length).toBeLessThanOrEqual(280);
    expect(post.content).toContain(long);
    expect(post.content).not.toContain('again.');
  });

  it('names the blog post when it links to it, and a question topic stays a question', () => {
    const post = writeLinkedPost('linkedin', {
      subject: 'Do heat pumps work in the cold?',
      claims: reportClaims(SUMMARY, null),
      link: 'https://blog.example/heat?utm_source=linkedin&utm_medium=social&utm_campaign=heat',
      linkKind: 'article',
    })!;
    expect(post.content.startsWith('Do heat pumps work in the cold?\n\n')).toBe(true);
    expect(post.content).toContain('Read the whole post here: https://blog.example/heat?utm_source=linkedin');
    expect(post.content.trim().endsWith('?')).toBe(true);
  });

  it('writes nothing when the report has no sentence to state', () => {
    expect(
      writeLinkedPost('twitter', { subject: 'x', claims: [], link: 'https://a.example', linkKind: 'source' }),
    ).toBeNull();
  });
});

describe('a social post’s campaign and visits', () => {
  const row = (tags: Partial<SocialPostEntity>) =>
    ({
      id: 1,
      platform: 'linkedin',
      topic: 't',
      tone: 'professional',
      content: 'c',
      hashtags: [],
      imageUrl: null,
      status: 'draft',
      engagement: { likes: 0, shares: 0, comments: 0, reach: 0 },
      engagementUpdatedAt: null,
      publishedAt: null,
      scheduledAt: null,
      publishMode: null,
      externalUrl: null,
      publishError: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      createdAt: new Date('2026-11-01T00:00:00Z'),
      updatedAt: new Date('2026-11-01T00:00:00Z'),
      ...tags,
    }) as SocialPostEntity;

  it('is null without a campaign link, and the counted visits with one', () => {
    expect(toSocialPost(row({}), 5)).toMatchObject({ campaign: null, visits: null });
    expect(
      toSocialPost(row({ utmSource: 'linkedin', utmMedium: 'social', utmCampaign: 'heat-pumps' }), 7),
    ).toMatchObject({ campaign: { source: 'linkedin', medium: 'social', campaign: 'heat-pumps' }, visits: 7 });
    expect(toSocialPost(row({ utmSource: 'x', utmMedium: 'social', utmCampaign: 'c' })).visits).toBe(0);
  });
});
