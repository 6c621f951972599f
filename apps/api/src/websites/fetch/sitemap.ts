/**
 * A sitemap (sitemaps.org): a <urlset> of pages, or a <sitemapindex> naming other sitemaps. Read
 * with patterns rather than an XML parser: only the <loc> addresses matter, and a sitemap that is
 * not well-formed XML still names its pages.
 */
export interface Sitemap {
  kind: 'urlset' | 'index';
  /** The <loc> addresses, absolute http(s), unique, in order: pages of a urlset, sitemaps of an index. */
  locations: string[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  return text
    .replace(/^<!\[CDATA\[([\s\S]*)\]\]>$/, '$1')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    });
}

export function parseSitemap(xml: string, base: string): Sitemap {
  const kind = /<(?:\w+:)?sitemapindex[\s>]/i.test(xml) ? 'index' : 'urlset';
  const locations: string[] = [];
  for (const match of xml.matchAll(/<(?:\w+:)?loc\s*>([\s\S]*?)<\/(?:\w+:)?loc\s*>/gi)) {
    try {
      const url = new URL(unescapeXml(match[1].trim()), base);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      url.hash = '';
      if (!locations.includes(url.href)) locations.push(url.href);
    } catch {
      // A <loc> that is no address names nothing.
    }
  }
  return { kind, locations };
}

/** Whether two addresses are on the same host (name and port; the scheme may differ). */
export const sameHost = (a: string, b: string) => {
  try {
    return new URL(a).host.toLowerCase() === new URL(b).host.toLowerCase();
  } catch {
    return false;
  }
};
