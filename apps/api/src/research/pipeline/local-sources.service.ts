import { EXTRACTED_TEXT_MARKER } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { htmlToText, normaliseText } from './page-reader/readable-text.util';
import type { RetrievedSource } from './pipeline.types';

/** Characters of one source's text handed to the scorer and the writer. */
export const LOCAL_SOURCE_TEXT_MAX = 20_000;
/** Characters of an email's HTML read when it has no plain-text body (markup is verbose). */
const HTML_BODY_MAX = 200_000;

interface Row {
  kind: 'document' | 'email';
  id: number;
  title: string;
  author: string | null;
  publishedAt: Date;
  text: string | null;
  htmlBody: string | null;
}

/**
 * The user's own documents and emails that mention any of the research terms, through the
 * searchVector columns the header search uses. Each term is one plainto_tsquery (its words all
 * required; it never fails on user text), and the terms are OR-ed, so an item matching one term
 * is found and one matching more ranks higher.
 */
@Injectable()
export class LocalSourcesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The best `limit` of the user's documents and emails matching any term, best first; [] for no usable term. */
  async search(userId: number, terms: string[], limit: number): Promise<RetrievedSource[]> {
    const usable = terms.map((term) => term.trim()).filter(Boolean);
    if (usable.length === 0 || limit <= 0) return [];
    const rows: Row[] = await this.dataSource.query(
      `WITH q AS (
         -- plainto_tsquery's output is Postgres's own quoted text, so OR-ing it as text is safe.
         SELECT string_agg('(' || plainto_tsquery('simple', term)::text || ')', ' | ')::tsquery AS query
           FROM unnest($2::text[]) AS term
          WHERE numnode(plainto_tsquery('simple', term)) > 0)
       SELECT kind, id, title, author, "publishedAt", text, "htmlBody"
         FROM (
           SELECT 'document' AS kind, d.id, d."originalName" AS title, NULL AS author, d."uploadedAt" AS "publishedAt",
                  left(t.text, $4) AS text, NULL AS "htmlBody", ts_rank(d."searchVector", q.query) AS rank
             FROM documents d
             CROSS JOIN q
             CROSS JOIN LATERAL (
               SELECT coalesce(
                        nullif(btrim(CASE WHEN starts_with(d.content, $5) THEN substr(d.content, length($5) + 1) ELSE d.content END, E' \\t\\r\\n'), ''),
                        nullif(btrim(d.summary, E' \\t\\r\\n'), '')) AS text) t
            WHERE d."userId" = $1 AND d."searchVector" @@ q.query AND t.text IS NOT NULL
           UNION ALL
           SELECT 'email', e.id, CASE WHEN e.subject = '' THEN '(no subject)' ELSE e.subject END, nullif(e."from", ''), e."receivedAt",
                  nullif(left(btrim(e.body, E' \\t\\r\\n'), $4), ''), left(e."htmlBody", $6), ts_rank(e."searchVector", q.query)
             FROM emails e
             CROSS JOIN q
            WHERE e."userId" = $1 AND e."searchVector" @@ q.query
              AND (btrim(e.body) <> '' OR btrim(coalesce(e."htmlBody", '')) <> '')
         ) hit
        ORDER BY rank DESC, "publishedAt" DESC, kind, id DESC
        LIMIT $3`,
      [userId, usable, limit, LOCAL_SOURCE_TEXT_MAX, EXTRACTED_TEXT_MARKER, HTML_BODY_MAX],
    );
    return rows.flatMap((row) => {
      const text = normaliseText(row.text ?? htmlToText(row.htmlBody ?? '')).slice(0, LOCAL_SOURCE_TEXT_MAX);
      if (!text) return [];
      return [
        {
          kind: row.kind,
          title: row.title,
          url: row.kind === 'document' ? `/documents?open=${row.id}` : `/email?open=${row.id}`,
          author: row.author,
          publishedAt: new Date(row.publishedAt).toISOString(),
          text,
        },
      ];
    });
  }
}
