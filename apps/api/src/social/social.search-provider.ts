import { SOCIAL_PLATFORM_LABELS, type SocialPlatform } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { likeContaining } from '../common/like-pattern';
import { type SearchHit, SearchProvider } from '../search/search-provider';

/**
 * Social posts in the header search: the text typed (a leading '#' ignored) anywhere in the topic,
 * a hashtag or the post's text, case-insensitively. A user has at most a few thousand posts, so a
 * scan of theirs is cheap; the answer is limited. The snippet is the start of the post; the link
 * opens the Social Media screen.
 */
@SearchProvider()
@Injectable()
export class SocialSearchProvider implements SearchProvider {
  readonly moduleId = 'social';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async search(userId: number, query: string, limit: number): Promise<SearchHit[]> {
    const text = query.trim().replace(/^#+/, '');
    if (!text) return [];
    const rows: { id: number; platform: SocialPlatform; topic: string; content: string; rank: number }[] =
      await this.dataSource.query(
        `SELECT id, platform, topic, content,
              CASE WHEN topic ILIKE $2 THEN 1 WHEN array_to_string(hashtags, ' ') ILIKE $2 THEN 0.8 ELSE 0.5 END AS rank
         FROM social_posts
        WHERE "userId" = $1 AND (topic ILIKE $2 OR content ILIKE $2 OR array_to_string(hashtags, ' ') ILIKE $2)
        ORDER BY rank DESC, "createdAt" DESC, id DESC
        LIMIT $3`,
        [userId, likeContaining(text), limit],
      );
    return rows.map((row) => ({
      type: 'social-post',
      id: row.id,
      title: `${SOCIAL_PLATFORM_LABELS[row.platform]}: ${row.topic}`.slice(0, 200),
      snippet: row.content.split('\n')[0].slice(0, 200) || null,
      link: '/social',
      rank: Number(row.rank),
    }));
  }
}
