import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  type BriefingContext,
  type BriefingContribution,
  type BriefingContributor,
  BriefingSource,
} from '../briefing/briefing-source';
import { BRIEFING_TEXT } from '../briefing/briefing-text';

/**
 * The briefing's websites: the user's active sites whose latest uptime check failed, each linking
 * to /website. One query, the latest check read per site through its (websiteId, checkedAt) index.
 */
@BriefingSource({ module: 'website' })
@Injectable()
export class WebsitesBriefingSource implements BriefingContributor {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async contribute({ userId }: BriefingContext): Promise<BriefingContribution[]> {
    const rows: { id: number; name: string; url: string }[] = await this.dataSource.query(
      `SELECT w.id, w.name, w.url
         FROM websites w
         CROSS JOIN LATERAL (SELECT u.ok FROM website_uptime_checks u WHERE u."websiteId" = w.id
                              ORDER BY u."checkedAt" DESC, u.id DESC LIMIT 1) latest
        WHERE w."userId" = $1 AND w."isActive" AND NOT latest.ok
        ORDER BY w.name, w.id`,
      [userId],
    );
    if (rows.length === 0) return [];
    return [
      {
        section: 'websites',
        lines: rows.map((row) => ({
          kind: 'site',
          title: row.name,
          detail: BRIEFING_TEXT.siteDown.replace('{url}', () => row.url),
          link: '/website',
          start: null,
          end: null,
          fact: { kind: 'site' },
        })),
      },
    ];
  }
}
