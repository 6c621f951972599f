import { escapeHtml } from '../email/sending/outgoing-message';
import type { DigestDocument } from './digest-text';

/** Where the rendered mail's links point: PUBLIC_URL + path, and the unsubscribe link. */
export interface DigestLinks {
  app: (path: string) => string;
  unsubscribe: string;
}

export interface RenderedDigest {
  subject: string;
  html: string;
  text: string;
}

// Inline styles only: mail clients drop <style> blocks and external sheets. A 600 px table, as
// newsletters use, reads in Gmail, Outlook and Apple Mail alike.
const FONT = `font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif`;
const S = {
  body: `margin:0;padding:0;background:#f5f5f5;${FONT};color:#1f1f1f`,
  outer: `width:100%;background:#f5f5f5;padding:24px 0`,
  card: `width:100%;max-width:600px;background:#ffffff;border-radius:8px;border:1px solid #e8e8e8`,
  title: `margin:0 0 8px;font-size:22px;line-height:30px;font-weight:600;color:#1f1f1f`,
  intro: `margin:0;font-size:15px;line-height:22px;color:#595959`,
  heading: `margin:0 0 8px;font-size:17px;line-height:24px;font-weight:600;color:#1677ff`,
  p: `margin:0 0 6px;font-size:15px;line-height:22px`,
  list: `margin:4px 0 8px;padding-left:20px;font-size:15px;line-height:22px`,
  link: `color:#1677ff;text-decoration:none;font-size:14px`,
  rule: `border:0;border-top:1px solid #f0f0f0;margin:0`,
  footer: `margin:0 0 6px;font-size:12px;line-height:18px;color:#8c8c8c`,
  footerLink: `color:#8c8c8c;text-decoration:underline`,
};

/** The digest as a mail: a clean inline-styled HTML part and the same content as plain text. */
export function renderDigest(doc: DigestDocument, links: DigestLinks): RenderedDigest {
  const e = escapeHtml;
  const sections = doc.blocks
    .map((block) => {
      // A figure and its change read as one paragraph, as in the text part.
      const sentences = block.sentences.length ? `<p style="${S.p}">${e(block.sentences.join(' '))}</p>` : '';
      const items = block.items.length
        ? `<ul style="${S.list}">${block.items.map((item) => `<li>${e(item)}</li>`).join('')}</ul>`
        : '';
      const after = block.after ? `<p style="${S.p}">${e(block.after)}</p>` : '';
      const link = `<p style="margin:8px 0 0"><a href="${e(links.app(block.link.path))}" style="${S.link}">${e(block.link.label)} &rarr;</a></p>`;
      return `<tr><td style="padding:0 32px"><hr style="${S.rule}"></td></tr>
<tr><td style="padding:20px 32px">
<h2 style="${S.heading}">${e(block.heading)}</h2>${sentences}${items}${after}${link}
</td></tr>`;
    })
    .join('\n');
  const empty = doc.empty ? `<tr><td style="padding:20px 32px"><p style="${S.p}">${e(doc.empty)}</p></td></tr>` : '';
  const html = `<!doctype html>
<html lang="${e(doc.language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(doc.subject)}</title></head>
<body style="${S.body}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="${S.outer}"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="${S.card}">
<tr><td style="padding:28px 32px 20px">
<h1 style="${S.title}">${e(doc.subject)}</h1>
<p style="${S.intro}">${e(doc.intro)}</p>
</td></tr>
${sections}${empty}
</table>
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px"><tr><td style="padding:16px 32px">
<p style="${S.footer}">${e(doc.footer.why)}</p>
<p style="${S.footer}"><a href="${e(links.app('/profile'))}" style="${S.footerLink}">${e(doc.footer.settings)}</a> &middot; <a href="${e(links.unsubscribe)}" style="${S.footerLink}">${e(doc.footer.unsubscribe)}</a></p>
</td></tr></table>
</td></tr></table>
</body>
</html>
`;

  const text = [
    doc.subject,
    '',
    doc.intro,
    ...doc.blocks.flatMap((block) => [
      '',
      block.heading,
      '-'.repeat([...block.heading].length),
      ...(block.sentences.length ? [block.sentences.join(' ')] : []),
      ...block.items.map((item) => `- ${item}`),
      ...(block.after ? [block.after] : []),
      `${block.link.label}: ${links.app(block.link.path)}`,
    ]),
    ...(doc.empty ? ['', doc.empty] : []),
    '',
    '--',
    doc.footer.why,
    `${doc.footer.settings}: ${links.app('/profile')}`,
    `${doc.footer.unsubscribe}: ${links.unsubscribe}`,
    '',
  ].join('\n');
  return { subject: doc.subject, html, text };
}
