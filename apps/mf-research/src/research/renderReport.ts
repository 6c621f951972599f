/**
 * A report's Markdown as safe HTML: `marked` renders it with raw HTML shown as text, citations [n]
 * become links to source n, then DOMPurify removes anything active (scripts, handlers, javascript:
 * links) and every outside link opens in a new tab without access to this page.
 */
import { Marked, type TokenizerAndRendererExtension, type Tokens } from 'marked';
import DOMPurify from 'dompurify';

/** The element id of source n in the report dialog's Sources list. */
export const sourceAnchorId = (n: number) => `research-source-${n}`;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Drops the content's own '## Sources' section (up to the next heading of the same or a higher
 * level), since the dialog lists the sources itself, with their scores.
 */
export function withoutSourcesSection(markdown: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => /^#{1,3}\s+(Sources|References)\s*#*\s*$/i.test(line.trim()));
  if (start < 0) return markdown;
  const level = /^#+/.exec(lines[start].trim())![0].length;
  const next = lines.findIndex((line, i) => i > start && new RegExp(`^#{1,${level}}\\s`).test(line.trim()));
  return [...lines.slice(0, start), ...(next < 0 ? [] : lines.slice(next))].join('\n').trimEnd();
}

interface CitationToken extends Tokens.Generic {
  type: 'citation';
  n: number;
}

function citationExtension(known: ReadonlySet<number>): TokenizerAndRendererExtension {
  return {
    name: 'citation',
    level: 'inline',
    start: (src) => src.match(/\[\d/)?.index,
    tokenizer(src) {
      // [n] that is not a link's text ([2](https://…)).
      const match = /^\[(\d{1,3})\](?!\()/.exec(src);
      if (!match || !known.has(Number(match[1]))) return undefined;
      return { type: 'citation', raw: match[0], n: Number(match[1]) } satisfies CitationToken;
    },
    renderer: (token) => {
      const n = (token as CitationToken).n;
      return `<a href="#${sourceAnchorId(n)}" class="aide-research-cite" data-source="${n}" aria-label="Source ${n}">[${n}]</a>`;
    },
  };
}

// One sanitiser of our own, so its hook does not touch other users of DOMPurify on the page.
let purifier: ReturnType<typeof DOMPurify> | null = null;
function sanitizer() {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    // Citations (#…) and in-app paths (/documents?open=…) stay in the page; everything else opens apart.
    if (href.startsWith('#') || (href.startsWith('/') && !href.startsWith('//'))) {
      node.removeAttribute('target');
      return;
    }
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  });
  return purifier;
}

export interface RenderOptions {
  /** Source numbers the report has: only these [n] become links. */
  sourceNumbers: readonly number[];
  /** Drop the content's own Sources section (the dialog shows its richer list). */
  hideSourcesSection?: boolean;
}

/** The report's HTML, safe to put in the page. */
export function renderReport(markdown: string, { sourceNumbers, hideSourcesSection = true }: RenderOptions): string {
  const parser = new Marked().use({
    gfm: true,
    async: false,
    extensions: [citationExtension(new Set(sourceNumbers))],
    // Raw HTML in the Markdown is shown as the text it is, never as markup.
    renderer: { html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text) },
  });
  const html = parser.parse(hideSourcesSection ? withoutSourcesSection(markdown) : markdown) as string;
  return sanitizer().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}
