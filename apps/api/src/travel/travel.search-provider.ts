import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { likeContaining, likeStartingWith } from '../common/like-pattern';
import { type SearchHit, SearchProvider } from '../search/search-provider';

/**
 * Travel plans in the header search: the text typed anywhere in the destination, case-insensitively
 * (a user has few plans, so a scan of theirs is cheap). A destination that starts with the text
 * ranks first, then the soonest trip. The snippet is the trip's dates; the link opens the Travel
 * Planner.
 */
@SearchProvider()
@Injectable()
export class TravelSearchProvider implements SearchProvider {
  readonly moduleId = 'travel';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async search(userId: number, query: string, limit: number): Promise<SearchHit[]> {
    const text = query.trim();
    if (!text) return [];
    const rows: { id: number; destination: string; startDate: string; endDate: string; rank: number }[] =
      await this.dataSource.query(
        `SELECT id, destination, "startDate"::text AS "startDate", "endDate"::text AS "endDate",
              CASE WHEN destination ILIKE $3 THEN 1 ELSE 0.5 END AS rank
         FROM travel_plans
        WHERE "userId" = $1 AND destination ILIKE $2
        ORDER BY rank DESC, "startDate", id
        LIMIT $4`,
        [userId, likeContaining(text), likeStartingWith(text), limit],
      );
    return rows.map((row) => ({
      type: 'travel-plan',
      id: row.id,
      title: row.destination,
      snippet: row.startDate === row.endDate ? row.startDate : `${row.startDate} to ${row.endDate}`,
      link: '/travel',
      rank: Number(row.rank),
    }));
  }
}
