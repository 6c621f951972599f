import { SEO_CHECKS, type SeoCheckId, type SeoCheckResult } from '@aide/contracts';
import type { PageFacts } from '../fetch/page-facts';

/** What the audit found besides the page itself. */
export interface SeoFindings {
  page: PageFacts;
  /** The address the page was finally served from. */
  pageUrl: string;
  robots: { status: 'ok' } | { status: 'missing'; detail: string } | { status: 'disallowsAll' };
  /** Where a sitemap was found (robots.txt's Sitemap: or /sitemap.xml), or null. */
  sitemap: string | null;
  links: { checked: number; broken: { url: string; status: number | string }[] };
}

const TITLE = { min: 10, max: 60 };
const DESCRIPTION = { min: 50, max: 160 };

const weightOf = (id: SeoCheckId) => SEO_CHECKS.find((check) => check.id === id)!.weight;
const labelOf = (id: SeoCheckId) => SEO_CHECKS.find((check) => check.id === id)!.label;

function result(id: SeoCheckId, share: number, detail: string, recommendation: string | null): SeoCheckResult {
  const max = weightOf(id);
  const points = Math.round(max * Math.min(1, Math.max(0, share)));
  return {
    id,
    label: labelOf(id),
    passed: points === max,
    points,
    max,
    detail,
    recommendation: points === max ? null : recommendation,
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const length = (text: string) => [...text].length;

/** Each documented check (SEO_CHECKS) with the points it earned and, where it fell short, what to do. */
export function seoChecks({ page, pageUrl, robots, sitemap, links }: SeoFindings): SeoCheckResult[] {
  const checks: SeoCheckResult[] = [];

  if (!page.title)
    checks.push(
      result(
        'title',
        0,
        'The page has no title',
        `Add a <title> of ${TITLE.min}–${TITLE.max} characters that says what the page is about; search results show it as the headline.`,
      ),
    );
  else {
    const n = length(page.title);
    const fits = n >= TITLE.min && n <= TITLE.max;
    checks.push(
      result(
        'title',
        fits ? 1 : 0.5,
        `The title is ${plural(n, 'character')}: “${page.title.slice(0, 80)}”`,
        n < TITLE.min
          ? `Lengthen the title to at least ${TITLE.min} characters: name the page's subject and your site.`
          : `Shorten the title to at most ${TITLE.max} characters; search results cut longer titles.`,
      ),
    );
  }

  if (!page.description)
    checks.push(
      result(
        'metaDescription',
        0,
        'The page has no meta description',
        `Add <meta name="description" content="…"> of ${DESCRIPTION.min}–${DESCRIPTION.max} characters summarising the page; search results show it under the title.`,
      ),
    );
  else {
    const n = length(page.description);
    const fits = n >= DESCRIPTION.min && n <= DESCRIPTION.max;
    checks.push(
      result(
        'metaDescription',
        fits ? 1 : 0.5,
        `The meta description is ${plural(n, 'character')}`,
        n < DESCRIPTION.min
          ? `Lengthen the meta description to at least ${DESCRIPTION.min} characters.`
          : `Shorten the meta description to at most ${DESCRIPTION.max} characters; longer ones are cut.`,
      ),
    );
  }

  checks.push(
    result(
      'h1',
      page.h1Count === 1 ? 1 : 0,
      page.h1Count === 1 ? 'The page has one <h1>' : `The page has ${plural(page.h1Count, '<h1> heading')}`,
      page.h1Count === 0
        ? "Add one <h1> heading naming the page's main subject."
        : "Keep one <h1> for the page's main subject and make the other headings <h2> or lower.",
    ),
  );

  const missingAlt = page.images - page.imagesWithAlt;
  checks.push(
    result(
      'imageAlt',
      page.images === 0 ? 1 : page.imagesWithAlt / page.images,
      page.images === 0
        ? 'The page has no images'
        : `${page.imagesWithAlt} of ${plural(page.images, 'image')} have alt text`,
      `Add alt text describing ${missingAlt === 1 ? 'the image' : `the ${missingAlt} images`} without it; screen readers and image search read it.`,
    ),
  );

  checks.push(
    result(
      'canonical',
      page.canonical ? 1 : 0,
      page.canonical ? `The canonical address is ${page.canonical}` : 'The page names no canonical address',
      `Add <link rel="canonical" href="${pageUrl}"> so search engines index one address for this page.`,
    ),
  );

  checks.push(
    result(
      'lang',
      page.lang ? 1 : 0,
      page.lang ? `The page's language is “${page.lang}”` : 'The <html> element has no lang attribute',
      'Add the page\'s language to the <html> element, e.g. <html lang="en">.',
    ),
  );

  checks.push(
    result(
      'viewport',
      page.viewport ? 1 : 0,
      page.viewport ? 'The page sets a mobile viewport' : 'The page has no viewport meta tag',
      'Add <meta name="viewport" content="width=device-width, initial-scale=1"> so the page fits phones; search engines rank mobile-friendly pages higher.',
    ),
  );

  const secure = pageUrl.startsWith('https:');
  checks.push(
    result(
      'https',
      secure ? 1 : 0,
      secure ? 'The page is served over HTTPS' : 'The page is served over plain HTTP',
      "Serve the site over HTTPS (e.g. a free Let's Encrypt certificate) and redirect HTTP to it.",
    ),
  );

  checks.push(
    robots.status === 'ok'
      ? result('robots', 1, 'robots.txt answers and lets search engines in', null)
      : robots.status === 'disallowsAll'
        ? result(
            'robots',
            0,
            'robots.txt disallows the whole site to every crawler',
            'Remove "Disallow: /" for "User-agent: *" unless the site must stay out of search results.',
          )
        : result(
            'robots',
            0,
            `robots.txt could not be read (${robots.detail})`,
            "Add a robots.txt at the site's root, naming the sitemap and anything crawlers should skip.",
          ),
  );

  checks.push(
    result(
      'sitemap',
      sitemap ? 1 : 0,
      sitemap ? `A sitemap was found at ${sitemap}` : 'No sitemap was found (none in robots.txt, none at /sitemap.xml)',
      'Publish a sitemap.xml listing the site\'s pages and name it in robots.txt with a "Sitemap:" line.',
    ),
  );

  const broken = links.broken.length;
  checks.push(
    result(
      'brokenLinks',
      links.checked === 0 ? 1 : 1 - broken / links.checked,
      links.checked === 0
        ? 'The page links to no other page of the site'
        : broken === 0
          ? `All ${plural(links.checked, 'internal link')} checked work`
          : `${broken} of ${plural(links.checked, 'internal link')} checked are broken: ${links.broken
              .slice(0, 5)
              .map((link) => `${link.url} (${link.status})`)
              .join(', ')}`,
      `Fix or remove the broken link${broken === 1 ? '' : 's'}; visitors and crawlers reaching an error page leave.`,
    ),
  );
  return checks;
}

export const seoScore = (checks: readonly SeoCheckResult[]) => checks.reduce((sum, check) => sum + check.points, 0);
