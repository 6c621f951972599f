import { randomBytes } from 'node:crypto';
import type { AuthUser, CreateEmailIntegrationInput, CreateTaskInput, Email, RegisterInput } from '@aide/contracts';
import request from 'supertest';
import type { DataSource } from 'typeorm';

export type Agent = ReturnType<typeof request.agent>;

let sequence = 0;

/** Registration details that are unique per call. */
export function buildRegistration(overrides: Partial<RegisterInput> = {}): RegisterInput {
  sequence += 1;
  return {
    email: `user${sequence}-${randomBytes(3).toString('hex')}@example.com`,
    password: 'correct horse battery staple',
    firstName: 'Test',
    lastName: `User ${sequence}`,
    ...overrides,
  };
}

export function buildTask(overrides: Partial<CreateTaskInput> = {}): CreateTaskInput {
  sequence += 1;
  return { title: `Task ${sequence}`, ...overrides };
}

export interface SignedUp {
  /** The same agent, now holding the session cookie. */
  agent: Agent;
  user: AuthUser;
  credentials: RegisterInput;
}

/** Registers an account through the API; the agent keeps its session cookie. */
export async function signUp(agent: Agent, overrides: Partial<RegisterInput> = {}): Promise<SignedUp> {
  const credentials = buildRegistration(overrides);
  const response = await agent.post('/api/auth/register').send(credentials);
  if (response.status !== 201) {
    throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return { agent, user: response.body as AuthUser, credentials };
}

/** On a fresh database: the first account (an admin, as the first ever is) and an ordinary user. */
export async function signUpAdminAndUser(http: Parameters<typeof request.agent>[0]) {
  const { agent: admin, user: adminUser } = await signUp(request.agent(http));
  const { agent: user, user: plainUser } = await signUp(request.agent(http));
  return { admin, adminId: adminUser.id, user, userId: plainUser.id };
}

/** A POST /api/email-integrations body with a unique address (an outlook preset unless overridden). */
export function buildEmailIntegration(
  overrides: Partial<CreateEmailIntegrationInput> = {},
): CreateEmailIntegrationInput {
  sequence += 1;
  return {
    provider: 'outlook',
    email: `mailbox${sequence}@example.com`,
    password: `app-password-${sequence}`,
    ...overrides,
  };
}

/** An email row as the sync engine would store it; the fields of Email (and uid etc.) can be overridden. */
export interface EmailRowInput extends Partial<Omit<Email, 'id' | 'receivedAt'>> {
  receivedAt?: string | Date;
  mailbox?: string | null;
  uidValidity?: number | null;
  uid?: number | null;
}

/** Inserts emails straight into the table (no mail server in these tests); returns their ids in order. */
export async function insertEmails(db: DataSource, userId: number, rows: EmailRowInput[]): Promise<number[]> {
  const ids: number[] = [];
  for (const row of rows) {
    sequence += 1;
    const [{ id }] = await db.query(
      `INSERT INTO emails ("userId", "integrationId", mailbox, "uidValidity", uid, subject, "from", "to", cc, body, "htmlBody", priority, category,
                           "isRead", "isArchived", "isAutoResponded", "receivedAt", attachments, metadata)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19) RETURNING id`,
      [
        userId,
        row.integrationId ?? null,
        row.mailbox ?? null,
        row.uidValidity ?? null,
        row.uid ?? null,
        row.subject ?? `Subject ${sequence}`,
        row.from ?? 'Sender <sender@example.com>',
        row.to ?? 'me@example.com',
        row.cc ?? null,
        row.body ?? `Body ${sequence}`,
        row.htmlBody ?? null,
        row.priority ?? 'regular',
        row.category ?? null,
        row.isRead ?? false,
        row.isArchived ?? false,
        row.isAutoResponded ?? false,
        row.receivedAt ?? new Date(Date.UTC(2030, 0, 1) + sequence * 60_000),
        JSON.stringify(row.attachments ?? []),
        JSON.stringify(row.metadata ?? {}),
      ],
    );
    ids.push(id);
  }
  return ids;
}
