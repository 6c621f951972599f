// The Website Manager's pure parts: robots.txt rules, archive paths, Markdown for WordPress, the blog
// writer's fit-up and the SEO score's partial points.
import { SEO_CHECKS } from '@aide/contracts';
import { archivePath } from './backup/site-crawler';
import { fitBlogPost, offlineBlogPost } from './blog/blog-writer';
import { markdownToHtml } from './blog/markdown-html.util';
import { wordpressPostsUrl } from './blog/wordpress-client';
import { readPageFacts } from './fetch/page-facts';
import { parseRobots } from './fetch/robots';
import { seoChecks, seoScore } from './seo/seo-score';

describe('robots.txt', () => {
  const robots = parseRobots(
    [
      'User-agent: *',
      'Disallow: /private/',
      'Allow: /private/open',
      'Disallow: /*.pdf$',
      '',
      'User-agent: AideSiteBot',
      'Disallow: /no-aide',
      'Sitemap: /sitemap.xml',
    ].join('\n'),
    'https://example.com/robots.txt',
  );

  it('uses the group naming the agent, else *, the longest match winning', () => {
    expect(robots.allows('/no-aide', 'AideSiteBot')).toBe(false);
    expect(robots.allows('/private/x', 'AideSiteBot')).toBe(true);
    expect(robots.allows('/private/x', 'OtherBot')).toBe(false);
    expect(robots.allows('/private/open', 'OtherBot')).toBe(true);
    expect(robots.allows('/files/a.pdf', 'OtherBot')).toBe(false);
    expect(robots.allows('/files/a.pdf?x', 'OtherBot')).toBe(true);
  });

  it('reads sitemaps as absolute addresses, and knows a site closed to every crawler', () => {
    expect(robots.sitemaps).toEqual(['https://example.com/sitemap.xml']);
    expect(robots.disallowsAll()).toBe(false);
    expect(parseRobots('User-agent: *\nDisallow: /', 'https://e.com/robots.txt').disallowsAll()).toBe(true);
    expect(parseRobots('User-agent: *\nDisallow:', 'https://e.com/robots.txt').disallowsAll()).toBe(false);
  });
});

it('places pages and files in the archive by their path', () => {
  expect(archivePath('https://e.com/', true)).toBe('index.html');
  expect(archivePath('https://e.com/blog/', true)).toBe('blog/index.html');
  expect(archivePath('https://e.com/about', true)).toBe('about/index.html');
  expect(archivePath('https://e.com/a/page.html', true)).toBe('a/page.html');
  expect(archivePath('https://e.com/style.css', false)).toBe('style.css');
  expect(archivePath('https://e.com/../../etc/passwd', false)).toBe('etc/passwd');
  expect(archivePath('https://e.com/logo.png?size=2', false)).toMatch(/^logo_[0-9a-f]{8}\.png$/);
});

it('renders Markdown as escaped HTML for WordPress', () => {
  expect(markdownToHtml('## Kiln <b>\n\nSome **bold** text\nand more.\n\n- one\n- two\n\n1. first')).toBe(
    '<h2>Kiln &lt;b&gt;</h2>\n<p>Some <strong>bold</strong> text and more.</p>\n<ul><li>one</li><li>two</li></ul>\n<ol><li>first</li></ol>',
  );
  expect(markdownToHtml('<script>alert(1)</script>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  expect(wordpressPostsUrl('https://e.com/blog/?x=1')).toBe('https://e.com/blog/wp-json/wp/v2/posts');
});

it("names any keyword a model's post leaves out in a note to the author, and drops a repeated title heading", () => {
  const input = { topic: 'Home composting', keywords: ['worms', 'bokashi'], site: 'Garden' };
  const fitted = fitBlogPost({ title: '# Home composting', content: '# Home composting\n\nAll about worms.' }, input);
  expect(fitted.title).toBe('Home composting');
  expect(fitted.content.startsWith('All about worms.')).toBe(true);
  expect(fitted.content).toContain('*Note for the author: this draft does not cover bokashi yet.*');
  expect(fitted.content).not.toContain('## ');
});

describe('the offline blog post', () => {
  const report = {
    kind: 'report' as const,
    title: 'Home composting methods',
    text: 'Compost worms eat about half their weight in kitchen scraps every day [1]. A worm bin works well on a balcony because it does not smell when it is kept moist [2].\n\nBokashi ferments food waste in a sealed bucket within two weeks [2]. Bokashi can take cooked food and small bones, which a worm bin cannot [1].',
    sources: [
      { number: 1, title: 'Worm composting basics', url: 'https://soil.example.org/worms', site: 'soil.example.org' },
      { number: 2, title: 'Small-space composting', url: 'https://city.example.com/compost', site: 'city.example.com' },
    ],
  };
  const notes = {
    kind: 'document' as const,
    title: 'garden-notes.txt',
    text: 'Our allotment group started a shared worm bin for home composting in March. The worms need shredded cardboard as bedding in winter.',
    sources: [],
  };
  const input = {
    topic: 'Home composting',
    keywords: ['worms', 'bokashi', 'leaf mould'],
    site: 'Garden',
    material: [report, notes],
  };

  it('writes its sections from the material, across sources, each sentence cited, with the sources listed', () => {
    const { title, content } = offlineBlogPost(input);
    expect(title).toBe('Home composting');
    expect(content).toContain('## Worms');
    expect(content).toContain('## Bokashi');
    // Cited to the page behind the report's [n], or to the note itself.
    expect(content).toContain('Compost worms eat about half their weight in kitchen scraps every day [');
    expect(content).toMatch(
      /^\d\. \[Worm composting basics \(soil\.example\.org\)\]\(https:\/\/soil\.example\.org\/worms\)$/m,
    );
    expect(content).toContain('This post covered worms and bokashi, drawing on the 3 sources listed below.');
    expect(content).toMatch(/Notes: garden-notes\.txt/);
    // Both the report and the note speak in the worms section.
    const worms = content.split('## Worms')[1].split('## ')[0];
    expect(worms).toContain('Compost worms eat');
    expect(worms).toMatch(/allotment group|shredded cardboard/);
  });

  it('says which keyword the material does not cover instead of inventing a section, and leaves no placeholder', () => {
    const { content } = offlineBlogPost(input);
    expect(content).not.toContain('## Leaf mould');
    expect(content).toContain('say nothing yet about leaf mould');
    expect(content).not.toMatch(/\[(?!\d+\])[^\]]*\](?!\()/);
    expect(offlineBlogPost(input)).toEqual(offlineBlogPost(input));
  });

  it("quotes the site's own pages with their address", () => {
    const page = {
      kind: 'page' as const,
      title: 'Our worm bin',
      url: 'https://garden.example.org/worm-bin',
      text: 'Our club worm bin turned a year of kitchen scraps into compost for the herb beds.',
      sources: [],
    };
    const { content } = offlineBlogPost({
      topic: 'Home composting',
      keywords: ['worm bin'],
      site: 'Garden',
      material: [page],
    });
    expect(content).toContain('Our club worm bin turned a year of kitchen scraps into compost for the herb beds [1].');
    expect(content).toContain('1. [Our worm bin](https://garden.example.org/worm-bin)');
  });

  it('without material, writes a short honest note, not a skeleton', () => {
    const { content } = offlineBlogPost({ topic: 'Home composting', keywords: ['worms'], site: 'Garden' });
    expect(content).toContain('has no material yet');
    expect(content).not.toContain('## ');
    expect(content).not.toMatch(/\[[^\]]*\]/);
  });
});

it('gives half points for a title of the wrong length and a share for alt text and working links', () => {
  const page = readPageFacts(
    `<html lang="en"><head><title>Hi</title><meta name="viewport" content="width=device-width"></head><body><h1>A</h1><img src="a" alt="a"><img src="b"></body></html>`,
    'https://e.com/',
  );
  const checks = seoChecks({
    page,
    pageUrl: 'https://e.com/',
    robots: { status: 'ok' },
    sitemap: null,
    links: { checked: 4, broken: [{ url: 'https://e.com/x', status: 404 }] },
  });
  const byId = Object.fromEntries(checks.map((c) => [c.id, c]));
  expect(byId.title).toMatchObject({ points: 6, passed: false });
  expect(byId.imageAlt).toMatchObject({
    points: 4,
    passed: false,
    detail: '1 of 2 images have alt text; missing on b',
  });
  expect(byId.brokenLinks).toMatchObject({ points: 8, passed: false });
  expect(byId.lang.passed && byId.viewport.passed && byId.h1.passed && byId.https.passed).toBe(true);
  expect(seoScore(checks)).toBe(checks.reduce((sum, c) => sum + c.points, 0));
  expect(SEO_CHECKS.reduce((sum, c) => sum + c.weight, 0)).toBe(100);
});
