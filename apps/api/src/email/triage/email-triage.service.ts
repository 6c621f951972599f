import {
  EMAIL_CATEGORIES,
  EMAIL_PRIORITIES,
  type EmailCategory,
  type EmailPriority,
  type EmailTriage,
} from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { INBOX } from '../email-tabs';
import { emptyModel, type FacetModel, type LabelTotals, learntVerdict } from './naive-bayes';
import type { TriageFacet } from './triage-model.entities';
import { classifyByRules, type TriageMessage } from './triage-rules';
import { triageTokens } from './triage-tokens';

/** The labels a user gave one email; null: that facet is not learnt from it. */
export interface TriageLabels {
  priority: EmailPriority | null;
  category: EmailCategory | null;
}

/** An email to learn from: its id (to take a first lesson back when it is corrected again) and text. */
export interface LearnableEmail extends TriageMessage {
  id: number;
}

/** After a correction, at most this many of the newest unread Inbox emails are judged again. */
export const RETRIAGE_LIMIT = 200;

/** pg_advisory_xact_lock(class, userId): one user's lessons are applied one at a time. */
const LEARN_LOCK = 0x7472_6961; // 'tria'

interface CorrectionRow {
  priority: EmailPriority | null;
  category: EmailCategory | null;
  tokens: Record<string, number>;
}

/**
 * Gives every message a priority and a category: the rules (triage-rules.ts) blended with the
 * user's own naive Bayes model (naive-bayes.ts), which learns from the priority and category the
 * user sets in 'Edit Priority & Category'. The sync engine calls classify() for new mail;
 * PATCH /api/emails/:id calls learn() and then retriageUnread(); POST /api/emails/classify
 * answers classify() for the /email-test page.
 */
@Injectable()
export class EmailTriageService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One verdict per message, in order; reads the user's model, writes nothing. */
  async classify(userId: number, messages: TriageMessage[]): Promise<EmailTriage[]> {
    const rules = messages.map(classifyByRules);
    const byRules = (): EmailTriage[] =>
      rules.map((verdict) => ({ ...verdict, basis: { priority: 'rules', category: 'rules' } }));
    if (messages.length === 0) return [];
    const labelRows = await this.dataSource.query<
      Array<{ facet: TriageFacet; label: string; documents: number; tokens: number }>
    >(`SELECT facet, label, documents, tokens FROM email_triage_labels WHERE "userId" = $1`, [userId]);
    if (labelRows.length === 0) return byRules();

    const tokens = messages.map(triageTokens);
    const wanted = [...new Set(tokens.flatMap((message) => [...message.keys()]))];
    const [countRows, vocabularyRows] = await Promise.all([
      this.dataSource.query<Array<{ facet: TriageFacet; token: string; label: string; count: number }>>(
        `SELECT facet, token, label, count FROM email_triage_tokens WHERE "userId" = $1 AND token = ANY($2::text[]) AND count > 0`,
        [userId, wanted],
      ),
      this.dataSource.query<Array<{ facet: TriageFacet; vocabulary: number }>>(
        `SELECT facet, count(DISTINCT token)::int AS vocabulary FROM email_triage_tokens WHERE "userId" = $1 AND count > 0 GROUP BY facet`,
        [userId],
      ),
    ]);
    const priorityModel = buildModel<EmailPriority>('priority', labelRows, countRows, vocabularyRows);
    const categoryModel = buildModel<EmailCategory>('category', labelRows, countRows, vocabularyRows);

    return messages.map((_, i) => {
      const priority = learntVerdict(priorityModel, tokens[i], EMAIL_PRIORITIES, rules[i].priority);
      const category = learntVerdict(categoryModel, tokens[i], EMAIL_CATEGORIES, rules[i].category);
      return {
        priority: priority.label,
        category: category.label,
        basis: { priority: priority.basis, category: category.basis },
      };
    });
  }

  /**
   * Learns that the user gives `email` these labels. A field left out keeps what this email taught
   * before; when the email was corrected before, that lesson is taken back first, so correcting
   * the same email twice counts once, with its latest labels.
   */
  async learn(userId: number, email: LearnableEmail, labels: Partial<TriageLabels>): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock($1, $2)`, [LEARN_LOCK, userId]);
      const [previous] = await manager.query<CorrectionRow[]>(
        `SELECT priority, category, tokens FROM email_triage_corrections WHERE "emailId" = $1 AND "userId" = $2`,
        [email.id, userId],
      );
      const next: TriageLabels = {
        priority: labels.priority !== undefined ? labels.priority : (previous?.priority ?? null),
        category: labels.category !== undefined ? labels.category : (previous?.category ?? null),
      };
      const tokens = Object.fromEntries(triageTokens(email));
      if (
        previous &&
        previous.priority === next.priority &&
        previous.category === next.category &&
        sameTokens(previous.tokens, tokens)
      )
        return;

      if (previous) await applyLesson(manager, userId, previous.tokens, previous, -1);
      await applyLesson(manager, userId, tokens, next, 1);
      await manager.query(
        `INSERT INTO email_triage_corrections ("emailId", "userId", priority, category, tokens) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT ("emailId") DO UPDATE SET priority = EXCLUDED.priority, category = EXCLUDED.category, tokens = EXCLUDED.tokens, "updatedAt" = now()`,
        [email.id, userId, next.priority, next.category, JSON.stringify(tokens)],
      );
    });
  }

  /**
   * After a correction, the newest unread Inbox emails the user never labelled follow what the
   * model now says: a correction shows at once where the user has not looked yet. Only what the
   * learnt model decides is changed (where the rules decide, the label they gave on arrival, with
   * the message's headers at hand, stands), and only the priority of mail from an account with
   * autoCategories off. Read mail stays as the user saw it. Answers the ids changed.
   */
  async retriageUnread(userId: number): Promise<number[]> {
    const rows = await this.dataSource.query<
      Array<{
        id: number;
        subject: string;
        from: string;
        body: string;
        priority: EmailPriority;
        category: EmailCategory | null;
        autoCategories: boolean;
      }>
    >(
      `SELECT e.id, e.subject, e."from", left(e.body, 4000) AS body, e.priority, e.category, coalesce(i."autoCategories", true) AS "autoCategories"
         FROM emails e LEFT JOIN email_integrations i ON i.id = e."integrationId"
        WHERE e."userId" = $1 AND ${INBOX} AND e."isRead" = false
          AND NOT EXISTS (SELECT 1 FROM email_triage_corrections c WHERE c."emailId" = e.id)
        ORDER BY e."receivedAt" DESC, e.id DESC
        LIMIT ${RETRIAGE_LIMIT}`,
      [userId],
    );
    const verdicts = await this.classify(userId, rows);
    const changes = rows.flatMap((row, i) => {
      const verdict = verdicts[i];
      const priority = verdict.basis?.priority === 'learned' ? verdict.priority : row.priority;
      const category = row.autoCategories && verdict.basis?.category === 'learned' ? verdict.category : row.category;
      return priority !== row.priority || category !== row.category ? [{ id: row.id, priority, category }] : [];
    });
    if (changes.length === 0) return [];
    await this.dataSource.query(
      `UPDATE emails e SET priority = c.priority, category = c.category, "updatedAt" = now()
         FROM unnest($2::int[], $3::text[], $4::text[]) AS c(id, priority, category)
        WHERE e.id = c.id AND e."userId" = $1`,
      [userId, changes.map((c) => c.id), changes.map((c) => c.priority), changes.map((c) => c.category)],
    );
    return changes.map((c) => c.id);
  }
}

function buildModel<Label extends string>(
  facet: TriageFacet,
  labelRows: Array<{ facet: TriageFacet; label: string; documents: number; tokens: number }>,
  countRows: Array<{ facet: TriageFacet; token: string; label: string; count: number }>,
  vocabularyRows: Array<{ facet: TriageFacet; vocabulary: number }>,
): FacetModel<Label> {
  const labels = new Map<Label, LabelTotals>();
  for (const row of labelRows)
    if (row.facet === facet && row.documents > 0)
      labels.set(row.label as Label, { documents: row.documents, tokens: row.tokens });
  if (labels.size === 0) return emptyModel();
  const counts = new Map<string, Map<Label, number>>();
  for (const row of countRows) {
    if (row.facet !== facet) continue;
    const perLabel = counts.get(row.token) ?? new Map<Label, number>();
    perLabel.set(row.label as Label, row.count);
    counts.set(row.token, perLabel);
  }
  return { labels, counts, vocabulary: vocabularyRows.find((row) => row.facet === facet)?.vocabulary ?? 0 };
}

function sameTokens(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** Adds (sign 1) or takes back (sign -1) one email's lesson: its token weights under each facet's label. */
async function applyLesson(
  manager: EntityManager,
  userId: number,
  tokens: Record<string, number>,
  labels: TriageLabels,
  sign: 1 | -1,
): Promise<void> {
  const names = Object.keys(tokens);
  const weights = names.map((name) => tokens[name] * sign);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  for (const facet of ['priority', 'category'] as const) {
    const label = labels[facet];
    if (label === null) continue;
    if (names.length > 0) {
      await manager.query(
        `INSERT INTO email_triage_tokens ("userId", facet, token, label, count)
         SELECT $1, $2, t.token, $3, t.weight FROM unnest($4::text[], $5::int[]) AS t(token, weight)
         ON CONFLICT ("userId", facet, token, label) DO UPDATE SET count = email_triage_tokens.count + EXCLUDED.count`,
        [userId, facet, label, names, weights],
      );
    }
    await manager.query(
      `INSERT INTO email_triage_labels ("userId", facet, label, documents, tokens) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ("userId", facet, label) DO UPDATE SET documents = email_triage_labels.documents + EXCLUDED.documents, tokens = email_triage_labels.tokens + EXCLUDED.tokens`,
      [userId, facet, label, sign, total],
    );
    if (sign < 0) {
      // What no lesson supports any more is gone, so the vocabulary counts only live tokens.
      await manager.query(
        `DELETE FROM email_triage_tokens WHERE "userId" = $1 AND facet = $2 AND label = $3 AND token = ANY($4::text[]) AND count <= 0`,
        [userId, facet, label, names],
      );
      await manager.query(
        `DELETE FROM email_triage_labels WHERE "userId" = $1 AND facet = $2 AND label = $3 AND documents <= 0`,
        [userId, facet, label],
      );
    }
  }
}
