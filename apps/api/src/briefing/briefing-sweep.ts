import type { Briefing } from '@aide/contracts';
import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppMailer } from '../account/app-mailer.service';
import { PeriodicSweep } from '../common/periodic-sweep';
import { BriefingClock } from './briefing-clock';
import { FeatureTogglesService } from '../feature-toggles/feature-toggles.service';
import { NotificationsService } from '../notifications/notifications.service';
import type { UserPlan, UserRole } from '@aide/contracts';
import { say } from './briefing-text';
import { BriefingService } from './briefing.service';

/** Once a minute: whose briefing time has come. */
export const BRIEFING_SWEEP_INTERVAL_MS = 60_000;

interface Due {
  id: number;
  email: string;
  role: UserRole;
  plan: UserPlan;
  language: string;
  dailyBriefing: 'notification' | 'email';
  localDate: string;
}

/** The plain-text lines of a briefing's mail: the summary, then each section's items with their links. */
export function briefingMailParagraphs(briefing: Briefing, link: (path: string) => string): string[] {
  const paragraphs = [briefing.summary];
  for (const section of briefing.sections) {
    for (const item of section.items) {
      paragraphs.push(`${item.title}${item.detail ? ` (${item.detail})` : ''}: ${link(item.link)}`);
    }
  }
  return paragraphs;
}

/**
 * The morning briefing (issue 27), for people whose profile asks for it (dailyBriefing
 * 'notification' or 'email'): each minute, those whose local time has reached their briefingTime
 * and who have no briefing for their local day get one, as a notification in the bell (kind
 * 'daily_briefing', sourceKey 'briefing:<local date>') and, for 'email', as a mail through the app's
 * own mail. The notification insert (unique user, kind, sourceKey) decides which API process sends
 * it, so two processes send one. A briefing missed while the API was down comes when it is back,
 * that same local day.
 */
@Injectable()
export class BriefingSweep implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Briefing sweep');
  private readonly periodic = new PeriodicSweep('Briefing sweep', BRIEFING_SWEEP_INTERVAL_MS, () => this.sweep());

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly toggles: FeatureTogglesService,
    private readonly notifications: NotificationsService,
    private readonly briefings: BriefingService,
    private readonly mailer: AppMailer,
    private readonly clock: BriefingClock,
  ) {}

  onApplicationBootstrap(): void {
    this.periodic.start({ runNow: true });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.periodic.stop();
  }

  /** Sends the briefings due at `now`; answers how many notifications and mails this call made. */
  async sweep(now: Date = this.clock.now()): Promise<{ created: number; mails: number }> {
    const due: Due[] = await this.dataSource.query(
      `SELECT u.id, u.email, u.role, u.plan, p.language, p."dailyBriefing",
              to_char($1::timestamptz AT TIME ZONE p.timezone, 'YYYY-MM-DD') AS "localDate"
         FROM profiles p JOIN users u ON u.id = p."userId"
        WHERE p."dailyBriefing" <> 'off'
          AND to_char($1::timestamptz AT TIME ZONE p.timezone, 'HH24:MI') >= p."briefingTime"
          AND NOT EXISTS (SELECT 1 FROM notifications n
                           WHERE n."userId" = p."userId" AND n.kind = 'daily_briefing'
                             AND n."sourceKey" = 'briefing:' || to_char($1::timestamptz AT TIME ZONE p.timezone, 'YYYY-MM-DD'))`,
      [now],
    );
    const allowed = await this.toggles.mayUseModule('organiser', due);
    let created = 0;
    let mails = 0;
    for (const person of allowed) {
      try {
        const briefing = await this.briefings.forUser(person, now);
        const [row] = await this.notifications.createMany([
          {
            userId: person.id,
            kind: 'daily_briefing',
            module: 'organiser',
            title: say('notificationTitle', person.language),
            body: briefing.summary,
            link: '/',
            sourceKey: `briefing:${person.localDate}`,
          },
        ]);
        if (!row) continue; // another process sent it
        created++;
        if (person.dailyBriefing === 'email' && this.mailer.isConfigured) {
          const paragraphs = briefingMailParagraphs(briefing, (path) => this.mailer.link(path));
          if (this.mailer.publicUrl) paragraphs.push(say('mailOpen', person.language, { link: this.mailer.link('/') }));
          const subject = say('mailSubject', person.language, { date: person.localDate });
          if (await this.mailer.send({ to: person.email, subject, paragraphs })) mails++;
        }
      } catch (error) {
        this.logger.warn(`Could not send a daily briefing: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return { created, mails };
  }
}
