/**
 * A Content-Disposition header for a stored file name (already sanitizeFileName'd): a plain ASCII
 * `filename` for old clients (accents dropped, anything else non-ASCII or a quote, backslash or
 * percent sign as '_') and the exact name as RFC 5987 / RFC 6266 `filename*` (UTF-8, percent-encoded).
 */
export function contentDisposition(type: 'attachment' | 'inline', name: string): string {
  const fallback =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]|["\\%]/g, '_') || 'document';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
