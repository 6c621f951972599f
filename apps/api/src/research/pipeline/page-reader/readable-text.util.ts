import { parseHTML } from '../../../ai/text/parse-html';

/** Elements that start a paragraph of their own in the text (the rest run inline). */
const BLOCKS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'BODY',
  'DD',
  'DIV',
  'DL',
  'DT',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'FORM',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'NAV',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'TABLE',
  'TD',
  'TH',
  'TR',
  'UL',
]);
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'HEAD']);

interface TextNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<TextNode>;
}

/** The text under `root`, one paragraph per block element, whitespace collapsed, paragraphs joined by a blank line. */
export function blockText(root: unknown): string {
  const paragraphs: string[] = [];
  let current = '';
  const flush = () => {
    const paragraph = current.replace(/\s+/g, ' ').trim();
    if (paragraph) paragraphs.push(paragraph);
    current = '';
  };
  const visit = (node: TextNode) => {
    if (node.nodeType === 3) {
      current += node.textContent ?? '';
      return;
    }
    if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return;
    const name = node.nodeName.toUpperCase();
    if (SKIPPED.has(name)) return;
    if (name === 'BR') current += ' ';
    const block = BLOCKS.has(name);
    if (block) flush();
    for (const child of Array.from(node.childNodes)) visit(child);
    if (block) flush();
  };
  visit(root as TextNode);
  flush();
  return paragraphs.join('\n\n');
}

/** Plain text (or text with blank lines) normalised the same way: paragraphs by blank lines, whitespace collapsed. */
export function normaliseText(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n');
}

/** The readable text of an HTML fragment or page (an email's HTML body): scripts and styles dropped, entities decoded. */
export function htmlToText(html: string): string {
  const { document } = parseHTML(/<html[\s>]/i.test(html) ? html : `<!doctype html><html><body>${html}</body></html>`);
  return blockText(document.body ?? document);
}
