import { escapeHtml } from '../email/sending/outgoing-message';
import { say } from './digest-text';

/** The small page the unsubscribe link answers, in the person's language (English for a bad link). */
export function unsubscribePage(language: string, done: boolean, profileUrl: string): string {
  const e = escapeHtml;
  const title = say(language, 'Weekly digest');
  const body = done
    ? `<p style="margin:0 0 12px">${e(say(language, 'You will no longer receive the weekly digest.'))}</p>
<p style="margin:0"><a href="${e(profileUrl)}" style="color:#1677ff">${e(say(language, 'You can turn it back on in your profile at any time.'))}</a></p>`
    : `<p style="margin:0">${e(say(language, 'This unsubscribe link is not valid.'))}</p>`;
  return `<!doctype html>
<html lang="${e(language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(title)}</title></head>
<body style="margin:0;background:#f5f5f5;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Arial,sans-serif;color:#1f1f1f">
<main style="max-width:480px;margin:64px auto;background:#fff;border:1px solid #e8e8e8;border-radius:8px;padding:28px 32px;font-size:15px;line-height:22px">
<h1 style="margin:0 0 12px;font-size:20px;font-weight:600">${e(title)}</h1>
${body}
</main>
</body>
</html>
`;
}
