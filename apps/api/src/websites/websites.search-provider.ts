import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { likeContaining, likeStartingWith } from '../common/like-pattern';
import { type SearchHit, SearchProvider } from '../search/search-provider';

/**
 * Websites in the header search: the text anywhere in the name or address, case-insensitively (a
 * user has few sites). A name that starts with the text ranks first; the snippet is the address and
 * the link opens the Website Manager.
 */
@SearchProvider()
@Injectable()
export class WebsitesSearchProvider implements SearchProvider {
  readonly moduleId = 'website';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async search(userId: number, query: string, limit: number): Promise<SearchHit[]> {
    const text = query.trim();
    if (!text) return [];
    const rows: { id: number; name: string; url: string; rank: number }[] = await this.dataSource.query(
      `SELECT id, name, url, CASE WHEN name ILIKE $3 THEN 1 WHEN name ILIKE $2 THEN 0.7 ELSE 0.5 END AS rank
         FROM websites
        WHERE "userId" = $1 AND (name ILIKE $2 OR url ILIKE $2)
        ORDER BY rank DESC, "createdAt", id
        LIMIT $4`,
      [userId, likeContaining(text), likeStartingWith(text), limit],
    );
    return rows.map((row) => ({
      type: 'website',
      id: row.id,
      title: row.name,
      snippet: row.url,
      link: '/website',
      rank: Number(row.rank),
    }));
  }
}
