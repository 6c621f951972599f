import { PROFILE_DEFAULTS } from '@aide/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppMailer } from '../account/app-mailer.service';
import { serverMessage } from '../common/server-messages';
import type { NotificationEntity } from '../notifications/notification.entity';
import { PushService } from '../push/push.service';

interface Recipient {
  id: number;
  email: string;
  pushNotifications: boolean;
  emailNotifications: boolean;
  language: string;
}

/**
 * Takes reminders beyond the bell: a Web Push to each of the user's browsers when their profile's
 * pushNotifications is on, and a mail when emailNotifications is on and the app's own mail is
 * configured. Called only with the notifications this process created, so each goes out once.
 */
@Injectable()
export class ReminderDelivery {
  private readonly logger = new Logger('Reminders');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly push: PushService,
    private readonly mailer: AppMailer,
  ) {}

  /** Answers how many pushes the push services took (tests count them). */
  async deliver(created: readonly NotificationEntity[]): Promise<{ pushes: number; mails: number }> {
    if (created.length === 0) return { pushes: 0, mails: 0 };
    const recipients = await this.recipients([...new Set(created.map((row) => row.userId))]);
    let pushes = 0;
    let mails = 0;
    for (const row of created) {
      const recipient = recipients.get(row.userId);
      if (!recipient) continue;
      try {
        if (recipient.pushNotifications) {
          pushes += await this.push.sendToUser(row.userId, {
            title: serverMessage(row.title, recipient.language),
            body: row.body === null ? null : serverMessage(row.body, recipient.language),
            link: row.link,
            // A reminder shown again (another browser tab's service worker) replaces itself.
            tag: `${row.kind}:${row.sourceKey ?? row.id}`,
          });
        }
        if (recipient.emailNotifications && this.mailer.isConfigured) {
          // AppMailer translates each paragraph into the addressee's language.
          const paragraphs = [row.title, ...(row.body ? [row.body] : [])];
          if (row.link && this.mailer.publicUrl) paragraphs.push(this.mailer.link(row.link));
          if (await this.mailer.send({ to: recipient.email, subject: row.title, paragraphs })) mails++;
        }
      } catch (error) {
        this.logger.warn(`Could not deliver a reminder: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return { pushes, mails };
  }

  private async recipients(userIds: number[]): Promise<Map<number, Recipient>> {
    const rows: Recipient[] = await this.dataSource.query(
      `SELECT u.id, u.email,
              coalesce(p."pushNotifications", $2) AS "pushNotifications",
              coalesce(p."emailNotifications", $3) AS "emailNotifications",
              coalesce(p.language, $4) AS language
         FROM users u LEFT JOIN profiles p ON p."userId" = u.id
        WHERE u.id = ANY($1::int[])`,
      [userIds, PROFILE_DEFAULTS.pushNotifications, PROFILE_DEFAULTS.emailNotifications, PROFILE_DEFAULTS.language],
    );
    return new Map(rows.map((row) => [Number(row.id), row]));
  }
}
