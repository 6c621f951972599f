import { EMAIL_MESSAGES, type ProfileLanguage, type ReplyHelp } from '@aide/contracts';
import { Injectable, Logger, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { AiService } from '../../ai/ai.service';
import { OFFLINE_TEMPLATE_METHOD } from '../../ai/offline/offline.provider';
import { autoResponseSignature } from '../auto-respond/auto-response-rules';
import { analyseForReply, draftReply, suggestReplies } from './reply-help';

export const REPLY_DRAFT_TASK = 'email.reply-draft';

/** What the writer is given: the message, the user's language and name, and a few of their sent mails for tone. */
export interface ReplyDraftInput {
  message: { from: string; subject: string; body: string };
  language: ProfileLanguage;
  signature: string;
  recentSent: string[];
}

const replyDraftSchema = z.object({ draft: z.string().trim().min(1) });

/** A model answer with a bracketed gap ('[Your Name]', '{date}') is not a draft a person can send after a light edit. */
const PLACEHOLDER = /\[[^\]]{1,40}\]|\{\w+\}/;

const INSTRUCTIONS = [
  'Write a reply to the message, in the language given, signed with the signature given.',
  "Match the tone of the user's recent sent mail (recentSent) if there is any.",
  'Greet the sender by first name, answer each question or request in a sentence, close politely.',
  'Use only facts that are in the message: do not invent dates, times, places, figures or promises.',
  'No placeholders such as [Your Name]. Answer { "draft": "…" } with plain text.',
].join(' ');

/** Enough of a message to reply to; a long thread's tail adds nothing. */
const BODY_CHARS = 6_000;
const RECENT_SENT = 5;

/**
 * Reply help for one received message: short replies (always the rules: quick and never inventing)
 * and a draft from the AI provider (a model's when one is configured, else the offline template).
 */
@Injectable()
export class ReplyHelpService implements OnModuleInit {
  private readonly logger = new Logger('ReplyHelp');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ai: AiService,
  ) {}

  onModuleInit(): void {
    this.ai.registerTemplate(REPLY_DRAFT_TASK, (input) => {
      const { message, language, signature } = input as ReplyDraftInput;
      return { draft: draftReply(analyseForReply(message), language, signature) };
    });
  }

  async help(userId: number, emailId: number): Promise<ReplyHelp> {
    const [email] = await this.dataSource.query<
      Array<{ from: string; subject: string; body: string; integrationId: number }>
    >(`SELECT "from", subject, body, "integrationId" FROM emails WHERE id = $1 AND "userId" = $2`, [emailId, userId]);
    if (!email) throw new NotFoundException(EMAIL_MESSAGES.emailNotFound);
    const [person] = await this.dataSource.query<
      Array<{ firstName: string | null; lastName: string | null; language: ProfileLanguage | null }>
    >(
      `SELECT u."firstName", u."lastName", p.language FROM users u LEFT JOIN profiles p ON p."userId" = u.id WHERE u.id = $1`,
      [userId],
    );
    const [account] = await this.dataSource.query<Array<{ displayName: string | null; email: string }>>(
      `SELECT "displayName", email FROM email_integrations WHERE id = $1`,
      [email.integrationId],
    );
    const language = person?.language ?? 'en';
    const signature = autoResponseSignature(person ?? null, account ?? { displayName: null, email: '' });
    const message = { from: email.from, subject: email.subject, body: email.body.slice(0, BODY_CHARS) };
    const suggestions = suggestReplies(analyseForReply(message), language);

    const sent = await this.dataSource.query<Array<{ body: string }>>(
      `SELECT body FROM emails WHERE "userId" = $1 AND metadata->>'status' = 'sent' ORDER BY "receivedAt" DESC LIMIT ${RECENT_SENT}`,
      [userId],
    );
    const input: ReplyDraftInput = {
      message,
      language,
      signature,
      recentSent: sent.map((row) => row.body.slice(0, 1_000)),
    };
    const offline = () => ({
      draft: draftReply(analyseForReply(message), language, signature),
      method: `${OFFLINE_TEMPLATE_METHOD}:${REPLY_DRAFT_TASK}`,
    });
    try {
      const written = await this.ai.generateWithMethod(REPLY_DRAFT_TASK, input, replyDraftSchema, {
        instructions: INSTRUCTIONS,
      });
      if (PLACEHOLDER.test(written.value.draft)) return { suggestions, ...offline() };
      return { suggestions, draft: written.value.draft, method: written.method };
    } catch (error) {
      // A model that is down or answers nonsense still leaves the person a draft to edit.
      this.logger.warn(
        `Model draft failed, offline template used: ${error instanceof Error ? error.message : String(error)}`,
      );
      return { suggestions, ...offline() };
    }
  }
}
