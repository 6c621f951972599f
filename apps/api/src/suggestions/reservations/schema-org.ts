import { parseHTML } from '../../ai/text/parse-html';

/** A schema.org item as JSON-LD writes it: `@type` plus its properties (nested items are objects too). */
export type SchemaThing = { '@type'?: string | string[] } & Record<string, unknown>;

/** The type's short name: 'https://schema.org/FlightReservation' and 'schema:FlightReservation' → 'FlightReservation'. */
export function typeName(type: unknown): string | null {
  const first = Array.isArray(type) ? type.find((value) => typeof value === 'string') : type;
  if (typeof first !== 'string' || !first.trim()) return null;
  return first.trim().replace(/^.*[/:#]/, '');
}

const isThing = (value: unknown): value is SchemaThing =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON-LD block's top-level items: one item, an array of them, or a `@graph` (arrays of either flattened). */
function topLevelItems(value: unknown): SchemaThing[] {
  if (Array.isArray(value)) return value.flatMap(topLevelItems);
  if (!isThing(value)) return [];
  if (Array.isArray(value['@graph'])) return value['@graph'].flatMap(topLevelItems);
  return [value];
}

/** Each `<script type="application/ld+json">`, parsed; a block that is not JSON is skipped (senders get it wrong). */
function jsonLdItems(document: Document): SchemaThing[] {
  const items: SchemaThing[] = [];
  for (const script of Array.from(document.querySelectorAll('script'))) {
    const type = (script.getAttribute('type') ?? '').trim().toLowerCase();
    if (type !== 'application/ld+json') continue;
    try {
      items.push(...topLevelItems(JSON.parse(script.textContent ?? '')));
    } catch {
      // Broken JSON in one block: the other blocks and the microdata still count.
    }
  }
  return items;
}

/** An itemprop's value by the HTML microdata rules: the nested item, or the element's content/href/datetime/text. */
function propertyValue(element: Element): unknown {
  if (element.hasAttribute('itemscope')) return microdataItem(element);
  const tag = element.tagName.toLowerCase();
  if (tag === 'meta') return element.getAttribute('content') ?? '';
  if (['a', 'link', 'area'].includes(tag)) return element.getAttribute('href') ?? '';
  if (['img', 'audio', 'video', 'source', 'embed', 'iframe'].includes(tag)) return element.getAttribute('src') ?? '';
  if (tag === 'time' && element.hasAttribute('datetime')) return element.getAttribute('datetime') ?? '';
  if (element.hasAttribute('content')) return element.getAttribute('content') ?? '';
  return (element.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The item an `itemscope` element describes: the `itemprop`s below it that no nearer `itemscope` claims. */
function microdataItem(scope: Element): SchemaThing {
  const item: SchemaThing = {};
  const type = typeName((scope.getAttribute('itemtype') ?? '').split(/\s+/)[0]);
  if (type) item['@type'] = type;
  const visit = (parent: Element) => {
    for (const child of Array.from(parent.children)) {
      const names = (child.getAttribute('itemprop') ?? '').split(/\s+/).filter(Boolean);
      if (names.length) {
        const value = propertyValue(child);
        for (const name of names) {
          const existing = item[name];
          item[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
        }
      }
      // A nested item owns the properties inside it.
      if (!child.hasAttribute('itemscope')) visit(child);
    }
  };
  visit(scope);
  return item;
}

/** Top-level microdata items: an `itemscope` that is not itself some item's property. */
function microdataItems(document: Document): SchemaThing[] {
  return Array.from(document.querySelectorAll('[itemscope]'))
    .filter((element) => !element.hasAttribute('itemprop'))
    .map(microdataItem);
}

/** Every schema.org item an HTML body carries, as JSON-LD and as microdata; none from text that is not HTML. */
export function schemaOrgItems(html: string | null | undefined): SchemaThing[] {
  if (!html || !/itemscope|application\/ld\+json/i.test(html)) return [];
  // A whole document parses as it is; a fragment (what some senders store) goes into a body.
  const { document } = parseHTML(/<html[\s>]/i.test(html) ? html : `<!doctype html><html><body>${html}</body></html>`);
  return [...jsonLdItems(document as unknown as Document), ...microdataItems(document as unknown as Document)];
}
