import { ACCOUNT_DELETION_MESSAGES, type TwoFactorSetup } from '@aide/contracts';
import { unzipSync, strFromU8 } from 'fflate';
import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { textFile } from '../../test/document-files';
import { filesUnder, tempDocumentStorage } from '../../test/document-storage';
import { buildTask, signUp, type Agent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { userTables } from './account-data.service';
import { EXCLUDED_TABLES, isRedactedColumn, KEPT_DESPITE_NAME, SENSITIVE_LOOKING } from './export-redaction';

let t: TestApp;
let db: DataSource;
let storage: string;
/** The file's first account: the only admin. */
let firstAdmin: Agent;

beforeAll(async () => {
  storage = await tempDocumentStorage();
  t = await createTestApp({ env: { DOCUMENT_STORAGE_DIR: storage } });
  db = t.app.get(DataSource);
  firstAdmin = (await signUp(request.agent(t.http))).agent;
});
afterAll(() => t.close());

/** A user with a task, a document, a saved profile and 2FA on: rows in several tables, one file, secrets. */
async function userWithData(label: string) {
  const signedUp = await signUp(request.agent(t.http), { firstName: label });
  const { agent } = signedUp;
  await agent
    .post('/api/tasks')
    .send(buildTask({ title: `${label}'s task` }))
    .expect(201);
  await agent
    .patch('/api/profile')
    .send({ bio: `${label}'s bio` })
    .expect(200);
  const uploaded = await agent
    .post('/api/documents')
    .attach('files', textFile(`${label}'s notes`), { filename: `${label}-notes.txt` })
    .expect(201);
  const setup = (await agent.post('/api/account/two-factor/setup').expect(200)).body as TwoFactorSetup;
  const code = new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate();
  await agent.post('/api/account/two-factor/confirm').send({ code }).expect(200);
  return { ...signedUp, documentId: uploaded.body.documents[0].id as number, totpSecret: setup.secret };
}

/** Collects the response's bytes (supertest's own parsers would read a zip as text). */
const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => callback(null, Buffer.concat(chunks)));
};

async function exportOf(agent: Agent) {
  const response = await agent.get('/api/account/export').buffer(true).parse(binary).expect(200);
  const files = unzipSync(new Uint8Array(response.body as Buffer));
  return { response, files, text: (name: string) => strFromU8(files[name]) };
}

/** The user's row count in every table with a userId column (the users table itself included, by id). */
async function rowCounts(userId: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { tableName } of userTables(db))
    counts[tableName] = Number(
      (await db.query(`SELECT count(*) AS n FROM "${tableName}" WHERE "userId" = $1`, [userId]))[0].n,
    );
  counts.users = Number((await db.query(`SELECT count(*) AS n FROM "users" WHERE "id" = $1`, [userId]))[0].n);
  counts.session = Number(
    (
      await db.query(`SELECT count(*) AS n FROM "session" WHERE ("sess"::jsonb #>> '{passport,user}') = $1`, [
        String(userId),
      ])
    )[0].n,
  );
  return counts;
}

describe('GET /api/account/export', () => {
  it('streams a zip attachment of my rows and files only, with no secret in it', async () => {
    const ada = await userWithData('Ada');
    const bob = await userWithData('Bob');
    const { response, files, text } = await exportOf(ada.agent);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="aide-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );

    const names = Object.keys(files).sort();
    expect(names).toEqual(
      expect.arrayContaining([
        'account.json',
        'tasks.json',
        'profiles.json',
        'documents.json',
        'notifications.json',
        `documents/files/${ada.documentId}-Ada-notes.txt`,
      ]),
    );
    // Every table with a userId column has its file (a module added later is exported without a change), but the secret ones.
    for (const { tableName } of userTables(db))
      expect(names.includes(`${tableName}.json`)).toBe(!EXCLUDED_TABLES.has(tableName));
    expect(names.some((n) => n.includes('two_factor') || n.includes('session'))).toBe(false);

    expect(JSON.parse(text('account.json'))).toMatchObject({
      id: ada.user.id,
      email: ada.user.email,
      firstName: 'Ada',
    });
    expect(JSON.parse(text('tasks.json'))).toEqual([
      expect.objectContaining({ title: "Ada's task", userId: ada.user.id }),
    ]);
    expect(JSON.parse(text('profiles.json'))).toEqual([expect.objectContaining({ bio: "Ada's bio" })]);
    expect(text(`documents/files/${ada.documentId}-Ada-notes.txt`)).toBe("Ada's notes");

    const everything = names.map((n) => text(n)).join('\n');
    expect(everything).not.toContain('Bob');
    expect(everything).not.toContain(bob.user.email);
    expect(everything).not.toMatch(/\$argon2/);
    expect(everything).not.toContain('passwordHash');
    expect(everything).not.toContain(ada.totpSecret);
    expect(everything).not.toMatch(/"v1:[A-Za-z0-9+/=]+:/); // CredentialsCipher output
  });

  it('answers 401 signed out', async () => {
    expect((await request(t.http).get('/api/account/export').expect(401)).body).toEqual({ message: 'Unauthorized' });
  });
});

describe('the export redaction rule', () => {
  it('decides on every column whose name looks sensitive, in every table: redacted, or kept with a reason', () => {
    const undecided: string[] = [];
    for (const metadata of db.entityMetadatas) {
      for (const column of metadata.columns) {
        const name = column.propertyName;
        if (SENSITIVE_LOOKING.test(name) && !isRedactedColumn(name) && !(name in KEPT_DESPITE_NAME))
          undecided.push(`${metadata.tableName}.${name}`);
      }
    }
    expect(undecided).toEqual([]);
    for (const name of Object.keys(KEPT_DESPITE_NAME)) expect(isRedactedColumn(name)).toBe(false);
  });

  it.each([
    'passwordHash',
    'credentials',
    'wordpressCredentials',
    'token',
    'secret',
    'codeHash',
    'providerState',
    'salt',
    'refreshToken',
    'accessToken',
    'apiKey',
    'clientSecret',
    'encryptedPassword',
  ])('redacts a column named %s', (name) => expect(isRedactedColumn(name)).toBe(true));
});

describe('POST /api/account/delete', () => {
  it('needs the password, then deletes every row of mine in every table, my files and my sessions, and signs me out; another user keeps everything', async () => {
    const ada = await userWithData('Ada');
    const bob = await userWithData('Bob');
    const adaElsewhere = request.agent(t.http);
    await adaElsewhere
      .post('/api/auth/login')
      .send({ email: ada.credentials.email, password: ada.credentials.password })
      .expect(200);
    const adaBefore = await rowCounts(ada.user.id);
    expect(adaBefore).toMatchObject({
      users: 1,
      tasks: 1,
      profiles: 1,
      documents: 1,
      two_factor_credentials: 1,
      two_factor_recovery_codes: 10,
    });
    expect(adaBefore.session).toBeGreaterThanOrEqual(1);
    const bobBefore = await rowCounts(bob.user.id);
    const adaFile = (await db.query(`SELECT "storageKey" FROM documents WHERE id = $1`, [ada.documentId]))[0]
      .storageKey as string;
    expect(await filesUnder(storage)).toContain(adaFile);

    expect(
      (await ada.agent.post('/api/account/delete').send({ password: 'not my password' }).expect(403)).body,
    ).toEqual({ message: ACCOUNT_DELETION_MESSAGES.wrongPassword });
    expect((await ada.agent.post('/api/account/delete').send({}).expect(400)).body.message).toContain(
      ACCOUNT_DELETION_MESSAGES.confirmationRequired,
    );
    expect((await rowCounts(ada.user.id)).users).toBe(1);

    const deleted = await ada.agent
      .post('/api/account/delete')
      .send({ password: ada.credentials.password })
      .expect(204);
    expect(String(deleted.headers['set-cookie'])).toMatch(/aide\.sid=;/);

    const adaAfter = await rowCounts(ada.user.id);
    expect(Object.entries(adaAfter).filter(([, n]) => n !== 0)).toEqual([]);
    expect(Object.keys(adaAfter).length).toBeGreaterThan(15);
    expect(await rowCounts(bob.user.id)).toEqual(bobBefore);
    expect(await filesUnder(storage)).not.toContain(adaFile);

    await ada.agent.get('/api/auth/user').expect(401);
    await adaElsewhere.get('/api/auth/user').expect(401);
    await request(t.http)
      .post('/api/auth/login')
      .send({ email: ada.credentials.email, password: ada.credentials.password })
      .expect(401);
    await bob.agent.get('/api/tasks').expect(200);
  });

  it('for an account without a password (Google/OIDC), confirms with the typed email', async () => {
    const { agent, user } = await signUp(request.agent(t.http));
    await db.query(`UPDATE users SET "passwordHash" = NULL WHERE id = $1`, [user.id]);
    expect((await agent.get('/api/account').expect(200)).body).toEqual({ hasPassword: false, canDeleteSelf: true });
    expect(
      (await agent.post('/api/account/delete').send({ email: 'someone-else@example.com' }).expect(403)).body,
    ).toEqual({ message: ACCOUNT_DELETION_MESSAGES.wrongEmail });
    await agent
      .post('/api/account/delete')
      .send({ email: ` ${user.email.toUpperCase()} ` })
      .expect(204);
    expect((await rowCounts(user.id)).users).toBe(0);
  });

  it('refuses on the Enterprise plan: deletion goes through support', async () => {
    const { agent, user, credentials } = await signUp(request.agent(t.http));
    await db.query(`UPDATE users SET plan = 'enterprise' WHERE id = $1`, [user.id]);
    expect((await agent.get('/api/account').expect(200)).body).toEqual({ hasPassword: true, canDeleteSelf: false });
    expect((await agent.post('/api/account/delete').send({ password: credentials.password }).expect(403)).body).toEqual(
      { message: ACCOUNT_DELETION_MESSAGES.planForbids },
    );
    expect((await rowCounts(user.id)).users).toBe(1);
  });

  it('refuses the last admin with 409, and lets an admin go once another admin exists', async () => {
    const [{ id: adminId }] = await db.query(`SELECT id FROM users WHERE role = 'admin' ORDER BY id LIMIT 1`);
    const adminPassword = 'correct horse battery staple'; // buildRegistration's
    expect((await firstAdmin.post('/api/account/delete').send({ password: adminPassword }).expect(409)).body).toEqual({
      message: ACCOUNT_DELETION_MESSAGES.lastAdmin,
    });
    expect((await rowCounts(adminId)).users).toBe(1);
    const { user: other } = await signUp(request.agent(t.http));
    await db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [other.id]);
    await firstAdmin.post('/api/account/delete').send({ password: adminPassword }).expect(204);
    expect((await rowCounts(adminId)).users).toBe(0);
  });
});
