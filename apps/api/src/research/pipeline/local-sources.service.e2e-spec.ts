import 'reflect-metadata';
import { createHash, randomUUID } from 'node:crypto';
import { EXTRACTED_TEXT_MARKER } from '@aide/contracts';
import { insertEmails } from '../../../test/factories';
import { createTestDataSource, type TestDataSource } from '../../../test/test-data-source';
import { User } from '../../users/user.entity';
import { LOCAL_SOURCE_TEXT_MAX, LocalSourcesService } from './local-sources.service';

let db: TestDataSource;
let sources: LocalSourcesService;
let ada: number;
let bob: number;

beforeAll(async () => {
  db = await createTestDataSource();
  sources = new LocalSourcesService(db.dataSource);
  const people = db.dataSource.getRepository(User);
  ada = (
    await people.save(people.create({ email: 'ada@example.com', passwordHash: null, firstName: 'Ada', lastName: null }))
  ).id;
  bob = (
    await people.save(people.create({ email: 'bob@example.com', passwordHash: null, firstName: 'Bob', lastName: null }))
  ).id;
});
afterAll(() => db.close());

/** A document row as extraction leaves it: `text` stored after EXTRACTED_TEXT_MARKER. */
async function insertDocument(
  userId: number,
  fields: { name: string; text?: string; summary?: string; uploadedAt?: Date },
): Promise<number> {
  const content = fields.text === undefined ? null : `${EXTRACTED_TEXT_MARKER}\n${fields.text}`;
  const [{ id }] = await db.dataSource.query<{ id: number }[]>(
    `INSERT INTO documents ("userId", "originalName", "mimeType", size, "storageKey", sha256, summary, content, "extractionStatus", "uploadedAt")
     VALUES ($1, $2, 'text/plain', 10, $3, $4, $5, $6, 'done', $7) RETURNING id`,
    [
      userId,
      fields.name,
      `${userId}/${randomUUID()}`,
      createHash('sha256').update(fields.name).digest('hex'),
      fields.summary ?? null,
      content,
      fields.uploadedAt ?? new Date(),
    ],
  );
  return id;
}

describe('LocalSourcesService', () => {
  it("answers only the asking user's documents and emails that mention the terms, best match first", async () => {
    const uploadedAt = new Date('2025-03-04T05:06:07.000Z');
    const receivedAt = new Date('2025-04-05T06:07:08.000Z');
    const report = await insertDocument(ada, {
      name: 'Urban heat islands report.pdf',
      text: 'Urban heat islands make cities hotter.\n\nCool roofs and street trees reduce urban heat islands.',
      uploadedAt,
    });
    const [mail] = await insertEmails(db.dataSource, ada, [
      {
        subject: 'Our block',
        from: 'Nina <nina@example.com>',
        body: 'Could we ask the council for cool roofs on the school?',
        receivedAt,
      },
    ]);
    await insertDocument(ada, { name: 'Bread.txt', text: 'Sourdough needs a starter.' });
    await insertDocument(bob, {
      name: 'Bob on urban heat islands.txt',
      text: 'Urban heat islands and cool roofs, from Bob.',
    });
    await insertEmails(db.dataSource, bob, [{ subject: 'Cool roofs', body: 'Bob asks about cool roofs.' }]);

    expect(await sources.search(ada, ['urban heat islands', 'cool roofs'], 10)).toEqual([
      {
        kind: 'document',
        title: 'Urban heat islands report.pdf',
        url: `/documents?open=${report}`,
        author: null,
        publishedAt: '2025-03-04T05:06:07.000Z',
        text: 'Urban heat islands make cities hotter.\n\nCool roofs and street trees reduce urban heat islands.',
      },
      {
        kind: 'email',
        title: 'Our block',
        url: `/email?open=${mail}`,
        author: 'Nina <nina@example.com>',
        publishedAt: '2025-04-05T06:07:08.000Z',
        text: 'Could we ask the council for cool roofs on the school?',
      },
    ]);
    expect((await sources.search(bob, ['cool roofs'], 10)).map((source) => source.title).sort()).toEqual([
      'Bob on urban heat islands.txt',
      'Cool roofs',
    ]);
  });

  it('cuts to the best `limit` across both kinds', async () => {
    await insertDocument(ada, { name: 'Albedo notes.txt', text: 'albedo albedo albedo of light roofs' });
    await insertEmails(db.dataSource, ada, [
      { subject: 'Albedo', body: 'albedo' },
      { subject: 'Lunch', body: 'and albedo, briefly' },
    ]);
    // The weakest match (once, in a body) is the one left out.
    const best = await sources.search(ada, ['albedo'], 2);
    expect(best.map((source) => source.title)).toEqual(['Albedo notes.txt', 'Albedo']);
    expect(await sources.search(ada, ['albedo'], 3)).toHaveLength(3);
  });

  it("reads a document's summary when it has no extracted text, and skips one with neither", async () => {
    await insertDocument(ada, {
      name: 'Evapotranspiration slides.pptx',
      summary: 'Slides on evapotranspiration in parks.',
    });
    await insertDocument(ada, { name: 'Evapotranspiration scan.png' });
    const found = await sources.search(ada, ['evapotranspiration'], 10);
    expect(found.map(({ title, text }) => ({ title, text }))).toEqual([
      { title: 'Evapotranspiration slides.pptx', text: 'Slides on evapotranspiration in parks.' },
    ]);
  });

  it("reads an email's HTML as text when it has no plain-text body", async () => {
    await insertEmails(db.dataSource, ada, [
      {
        subject: 'Canopy survey',
        body: '',
        htmlBody:
          '<html><head><style>p{}</style></head><body><p>Tree canopy &amp; shade</p><script>alert(1)</script><p>Second paragraph</p></body></html>',
      },
    ]);
    const [found] = await sources.search(ada, ['canopy'], 10);
    expect(found).toMatchObject({
      kind: 'email',
      title: 'Canopy survey',
      text: 'Tree canopy & shade\n\nSecond paragraph',
    });
  });

  it(`caps each text at ${LOCAL_SOURCE_TEXT_MAX.toLocaleString('en')} characters`, async () => {
    await insertDocument(ada, { name: 'Microclimate thesis.pdf', text: `Microclimate ${'word '.repeat(10_000)}` });
    const [found] = await sources.search(ada, ['microclimate'], 1);
    expect(found.text).toHaveLength(LOCAL_SOURCE_TEXT_MAX);
  });

  it('takes any text as a term: SQL and tsquery syntax are only words, and no usable term answers []', async () => {
    await insertDocument(ada, { name: 'Operators.txt', text: 'a and b are letters' });
    await expect(
      sources.search(ada, ['a & b | ! :*', "'); DROP TABLE documents; --", '\\', ':*', '!!(', '"'], 10),
    ).resolves.toEqual(expect.arrayContaining([expect.objectContaining({ title: 'Operators.txt' })]));
    await expect(sources.search(ada, ['!', '&|', ' '], 10)).resolves.toEqual([]);
    await expect(sources.search(ada, [], 10)).resolves.toEqual([]);
    expect((await db.dataSource.query('SELECT count(*)::int AS n FROM documents'))[0].n).toBeGreaterThan(0);
  });
});
