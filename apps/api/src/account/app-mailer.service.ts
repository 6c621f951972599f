import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Transporter } from 'nodemailer';
import { DataSource } from 'typeorm';
import { serverMessage } from '../common/server-messages';
import type { Env } from '../config/env.schema';
import { escapeHtml } from '../email/sending/outgoing-message';

/** A message of the app's own: plain text, and the same paragraphs as simple HTML. */
export interface AppMail {
  to: string;
  subject: string;
  /** Paragraphs of plain text; a paragraph that is only a URL becomes a link in the HTML part. */
  paragraphs: string[];
}

/** A message of the app's own, already written in its addressee's language (the weekly digest). */
export interface PreparedAppMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/**
 * The app's own outgoing mail (MAIL_SMTP_URL, MAIL_FROM): verification and reset links and
 * security notices, never a user's mail (that goes through the user's own accounts). Off while
 * MAIL_SMTP_URL is unset; then callers fall back to what works without mail.
 */
@Injectable()
export class AppMailer implements OnApplicationShutdown {
  private readonly logger = new Logger('AppMailer');
  private readonly transport?: Transporter;
  private readonly from?: string;
  /** Where the links in the mail point: PUBLIC_URL (never the request's Host, which a client chooses). */
  readonly publicUrl?: string;

  constructor(
    config: ConfigService<Env, true>,
    private readonly dataSource: DataSource,
  ) {
    const url = config.get('MAIL_SMTP_URL', { infer: true });
    this.from = config.get('MAIL_FROM', { infer: true });
    this.publicUrl = config.get('PUBLIC_URL', { infer: true });
    if (url) {
      // Required only when mail is configured: nodemailer is a few MB of heap an instance without MAIL_SMTP_URL never uses.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const nodemailer = require('nodemailer') as typeof import('nodemailer');
      this.transport = nodemailer.createTransport(url, { from: this.from });
    }
  }

  get isConfigured(): boolean {
    return this.transport !== undefined;
  }

  /** A link into the app: PUBLIC_URL + path. */
  link(path: string): string {
    return `${this.publicUrl ?? ''}${path}`;
  }

  /**
   * Sends the mail. A failure is logged and reported as false, never thrown: the caller's answer
   * must not tell whether a mail went out (that would reveal which addresses have accounts).
   */
  async send(english: AppMail): Promise<boolean> {
    if (!this.transport) return false;
    const mail = await this.inLanguageOf(english);
    const text = `${mail.paragraphs.join('\n\n')}\n`;
    const html = mail.paragraphs
      .map((p) =>
        /^https?:\/\/\S+$/.test(p)
          ? `<p><a href="${escapeHtml(p)}">${escapeHtml(p)}</a></p>`
          : `<p>${escapeHtml(p)}</p>`,
      )
      .join('\n');
    try {
      await this.transport.sendMail({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        text,
        html: `<!doctype html>\n<html><body>\n${html}\n</body></html>\n`,
      });
      return true;
    } catch (error) {
      this.logger.warn(`Could not send "${mail.subject}": ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  /**
   * Sends a ready mail (HTML and text parts, already in the addressee's language) with its headers.
   * Like send(): a failure is logged and answered as false, never thrown.
   */
  async sendPrepared(mail: PreparedAppMail): Promise<boolean> {
    if (!this.transport) return false;
    try {
      await this.transport.sendMail({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      });
      return true;
    } catch (error) {
      this.logger.warn(`Could not send "${mail.subject}": ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  /**
   * The mail in its addressee's profile language (issue 22): the texts are the server catalogs' English
   * keys, so each sentence translates; links and unknown text stay as they are. English when the address
   * has no account or profile yet (a sign-up's first mail) or the lookup fails.
   */
  private async inLanguageOf(mail: AppMail): Promise<AppMail> {
    let language = 'en';
    try {
      const rows: { language: string }[] = await this.dataSource.query(
        `SELECT p.language FROM profiles p JOIN users u ON u.id = p."userId" WHERE lower(u.email) = lower($1) LIMIT 1`,
        [mail.to],
      );
      language = rows[0]?.language ?? 'en';
    } catch (error) {
      this.logger.warn(`Could not read the language of a mail's addressee: ${(error as Error).message}`);
    }
    if (language === 'en') return mail;
    return {
      ...mail,
      subject: serverMessage(mail.subject, language),
      paragraphs: mail.paragraphs.map((p) => serverMessage(p, language)),
    };
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
