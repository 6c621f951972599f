import type { EmailContact, EmailContactsQuery } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * Address suggestions for To/Cc/Bcc: every address in the From, To and Cc of the user's messages,
 * most often seen first, then most recently; the user's own accounts are left out. A header is
 * split at the commas outside quotes ('"Doe, Jo" <jo@x.org>' is one person).
 */
@Injectable()
export class EmailContactsService {
  constructor(private readonly dataSource: DataSource) {}

  async search(userId: number, { q, limit }: EmailContactsQuery): Promise<EmailContact[]> {
    const pattern = `%${q.replace(/[\\%_]/g, '\\$&')}%`;
    const rows = await this.dataSource.query<
      Array<{ address: string; name: string | null; count: number; lastSeenAt: Date }>
    >(
      `WITH parts AS (
         SELECT e."receivedAt" AS at, trim(part) AS part
           FROM emails e, LATERAL regexp_split_to_table(concat_ws(',', e."from", e."to", e.cc), ',(?=(?:[^"]*"[^"]*")*[^"]*$)') AS part
          WHERE e."userId" = $1
       ), addresses AS (
         SELECT at,
                lower(coalesce(substring(part from '<\\s*([^<>@\\s]+@[^<>\\s]+)\\s*>'),
                               substring(part from '^([^<>@\\s"]+@[^<>@\\s"]+)$'))) AS address,
                nullif(trim(both ' "' from substring(part from '^([^<]*)<')), '') AS name
           FROM parts
       )
       SELECT address,
              (array_agg(name ORDER BY at DESC) FILTER (WHERE name IS NOT NULL))[1] AS name,
              count(*)::int AS count,
              max(at) AS "lastSeenAt"
         FROM addresses
        WHERE address IS NOT NULL
          AND address NOT IN (SELECT lower(email) FROM email_integrations WHERE "userId" = $1)
        GROUP BY address
       HAVING $2 = '%%' OR address ILIKE $2 OR bool_or(name ILIKE $2)
        ORDER BY count(*) DESC, max(at) DESC, address
        LIMIT $3`,
      [userId, pattern, limit],
    );
    return rows.map((row) => ({
      address: row.address,
      name: row.name,
      count: row.count,
      lastSeenAt: new Date(row.lastSeenAt).toISOString(),
    }));
  }
}
