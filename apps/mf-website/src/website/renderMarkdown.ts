/**
 * A blog post's Markdown as safe HTML, the way the Research Hub renders its reports (see
 * apps/mf-research/src/research/renderReport.ts): `marked` renders it with raw HTML shown as text,
 * then DOMPurify removes anything active (scripts, handlers, javascript: links) and every link opens
 * in a new tab without access to this page.
 */
import { Marked, type Tokens } from 'marked';
import DOMPurify from 'dompurify';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// One sanitiser of our own, so its hook does not touch other users of DOMPurify on the page.
let purifier: ReturnType<typeof DOMPurify> | null = null;
function sanitizer() {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  });
  return purifier;
}

const parser = new Marked().use({
  gfm: true,
  async: false,
  // Raw HTML in the Markdown is shown as the text it is, never as markup.
  renderer: { html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text) },
});

/** The post's HTML, safe to put in the page. */
export function renderMarkdown(markdown: string): string {
  const html = parser.parse(markdown) as string;
  return sanitizer().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}
