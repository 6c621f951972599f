import { SEO_CHECKS, SEO_PAGE_CHECK_IDS, type SeoCheckId, type SeoCheckResult } from '@aide/contracts';
import type { PageFacts } from '../fetch/page-facts';

/** What the audit found of the site besides its pages. */
export interface SeoSiteFindings {
  /** The address the home page was finally served from. */
  pageUrl: string;
  robots: { status: 'ok' } | { status: 'missing'; detail: string } | { status: 'disallowsAll' };
  /** Where a sitemap was found (robots.txt's Sitemap: or /sitemap.xml), or null. */
  sitemap: string | null;
  links: { checked: number; broken: { url: string; status: number | string }[] };
}

/** One audited page's own checks. */
export interface AuditedPageChecks {
  url: string;
  checks: readonly SeoCheckResult[];
}

/** What the audit found of a one-page site (the home page and the site's findings). */
export interface SeoFindings extends SeoSiteFindings {
  page: PageFacts;
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

/** An image's file name as a person recognises it ('hero.jpg'), else its address. */
export function imageName(src: string): string {
  try {
    const url = new URL(src);
    const name = decodeURIComponent(url.pathname.split('/').filter(Boolean).pop() ?? '');
    return name || url.href;
  } catch {
    return src;
  }
}

function namesList(names: readonly string[], shown = 5): string {
  const listed = names.slice(0, shown);
  const more = names.length - listed.length;
  return more > 0 ? `${listed.join(', ')} and ${more} more` : listed.join(', ');
}

/** Each documented check (SEO_CHECKS) of a one-page site: the page's checks, then the site's. */
export function seoChecks(findings: SeoFindings): SeoCheckResult[] {
  return siteSeoChecks(findings, [{ url: findings.pageUrl, checks: pageSeoChecks(findings.page, findings.pageUrl) }]);
}

/** The checks one page gets on its own (SEO_PAGE_CHECK_IDS), in SEO_CHECKS order. */
export function pageSeoChecks(page: PageFacts, pageUrl: string): SeoCheckResult[] {
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
        : missingAlt === 0
          ? `${page.imagesWithAlt} of ${plural(page.images, 'image')} have alt text`
          : `${page.imagesWithAlt} of ${plural(page.images, 'image')} have alt text; missing on ${namesList(page.imagesWithoutAlt.map(imageName))}`,
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

  return checks;
}

/** A page's score out of 100: the points its own checks earned of their weights. */
export function pageSeoScore(checks: readonly SeoCheckResult[]): number {
  const max = checks.reduce((sum, check) => sum + check.max, 0);
  return max === 0 ? 0 : Math.round((seoScore(checks) * 100) / max);
}

/** A page's path and query as the audit lists it ('/about.html'). */
export function pagePath(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/**
 * A page check over all the audited pages: with one page, that page's; with more, the average of
 * their points rounded down (so one page falling short fails it), naming the pages that fall short
 * and what to do on the first of them.
 */
function combined(id: SeoCheckId, pages: readonly AuditedPageChecks[]): SeoCheckResult {
  const found = pages.map((page) => ({ url: page.url, check: page.checks.find((check) => check.id === id)! }));
  if (found.length === 1) return found[0].check;
  const max = weightOf(id);
  const points = Math.floor(found.reduce((sum, page) => sum + page.check.points, 0) / found.length);
  const failing = found.filter((page) => !page.check.passed);
  if (!failing.length)
    return {
      id,
      label: labelOf(id),
      passed: true,
      points: max,
      max,
      detail: `All ${found.length} audited pages pass`,
      recommendation: null,
    };
  return {
    id,
    label: labelOf(id),
    passed: false,
    points: Math.min(points, max - 1),
    max,
    detail: `${failing.length} of ${found.length} audited pages fall short: ${namesList(failing.map((page) => pagePath(page.url)))}`,
    recommendation: `On ${pagePath(failing[0].url)}: ${failing[0].check.recommendation ?? failing[0].check.detail}`,
  };
}

/**
 * Every documented check (SEO_CHECKS, in order) of a site: the page checks combined over the
 * audited pages (each page's own checks, home page first), then the site's own checks.
 */
export function siteSeoChecks(
  { pageUrl, robots, sitemap, links }: SeoSiteFindings,
  pages: readonly AuditedPageChecks[],
): SeoCheckResult[] {
  const checks: SeoCheckResult[] = SEO_PAGE_CHECK_IDS.map((id) => combined(id, pages));

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
