import { parseHTML } from '../../ai/text/parse-html';

/** What the audit, the security check and the backup read from one HTML page. */
export interface PageFacts {
  title: string | null;
  description: string | null;
  h1Count: number;
  images: number;
  imagesWithAlt: number;
  /** Each image without alt text, by its src (absolute when it is an address, else as written), in page order. */
  imagesWithoutAlt: string[];
  canonical: string | null;
  lang: string | null;
  viewport: boolean;
  /** Absolute http(s) addresses of the page's links (<a href>), without fragments, unique, in order. */
  links: string[];
  /** Stylesheets, scripts, images and frames the page loads, absolute, unique. */
  resources: { url: string; kind: 'stylesheet' | 'script' | 'image' | 'frame' }[];
  /** <meta name="robots"> says noindex. */
  noindex: boolean;
}

type Element = { getAttribute(name: string): string | null; textContent: string | null };

const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** `href` resolved against `base`, without its fragment; null when it is no http(s) address. */
export function absoluteUrl(href: string | null, base: string): string | null {
  if (!href?.trim()) return null;
  try {
    const url = new URL(href.trim(), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

export function readPageFacts(html: string, pageUrl: string): PageFacts {
  const { document } = parseHTML(html);
  const all = (selector: string) => Array.from(document.querySelectorAll(selector)) as unknown as Element[];
  const metaNamed = (name: string) =>
    all('meta[name]').find((meta) => meta.getAttribute('name')?.toLowerCase() === name);
  const baseHref = absoluteUrl(all('base[href]')[0]?.getAttribute('href') ?? null, pageUrl) ?? pageUrl;
  const images = all('img');
  const canonical = all('link[rel]').find((link) =>
    link.getAttribute('rel')?.toLowerCase().split(/\s+/).includes('canonical'),
  );
  const unique = <T extends { url: string }>(items: T[]) =>
    items.filter((item, index) => items.findIndex((other) => other.url === item.url) === index);

  const links = [
    ...new Set(
      all('a[href]')
        .map((a) => absoluteUrl(a.getAttribute('href'), baseHref))
        .filter((url): url is string => url !== null),
    ),
  ];
  const resource = (selector: string, attribute: string, kind: PageFacts['resources'][number]['kind']) =>
    all(selector).flatMap((element) => {
      const url = absoluteUrl(element.getAttribute(attribute), baseHref);
      return url ? [{ url, kind }] : [];
    });
  const stylesheets = all('link[rel][href]')
    .filter((link) => link.getAttribute('rel')?.toLowerCase().split(/\s+/).includes('stylesheet'))
    .flatMap((link) => {
      const url = absoluteUrl(link.getAttribute('href'), baseHref);
      return url ? [{ url, kind: 'stylesheet' as const }] : [];
    });

  return {
    title: clean(document.querySelector('title')?.textContent) || null,
    description: clean(metaNamed('description')?.getAttribute('content')) || null,
    h1Count: all('h1').length,
    images: images.length,
    imagesWithAlt: images.filter((image) => clean(image.getAttribute('alt')).length > 0).length,
    imagesWithoutAlt: images
      .filter((image) => clean(image.getAttribute('alt')).length === 0)
      .map((image) => {
        const src = image.getAttribute('src')?.trim() ?? '';
        return absoluteUrl(src, baseHref) ?? (src || '(no src)');
      }),
    canonical: absoluteUrl(canonical?.getAttribute('href') ?? null, baseHref),
    lang: clean(document.documentElement?.getAttribute('lang')) || null,
    viewport: Boolean(metaNamed('viewport')?.getAttribute('content')?.trim()),
    links,
    resources: unique([
      ...stylesheets,
      ...resource('script[src]', 'src', 'script'),
      ...resource('img[src]', 'src', 'image'),
      ...resource('iframe[src]', 'src', 'frame'),
    ]),
    noindex: /noindex/i.test(metaNamed('robots')?.getAttribute('content') ?? ''),
  };
}

/** Whether two addresses have the same scheme, host and port. */
export const sameOrigin = (a: string, b: string) => {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
};
