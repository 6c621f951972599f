// Newsletters (issue 24): List-Unsubscribe is kept from real Dovecot mail; Unsubscribe follows RFC
// 8058 (a cookie-less form POST to a loopback endpoint) or RFC 2369 (a mailto sent over SMTP);
// Archive all and a "keep archiving" rule archive a sender's mail, also newly synced mail; every
// route is scoped to its user and validates its input.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Email, EmailIntegration, EmailPage, NewsletterSender, SenderRule } from '@aide/contracts';
import request from 'supertest';
import { type Agent, signUp } from '../../../test/factories';
import { LOOPBACK_SERVERS_ENV } from '../../../test/loopback-servers';
import { type MailServers, startMailServers } from '../../../test/mail-servers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { EmailSyncService } from '../sync/email-sync.service';

jest.setTimeout(90_000);

interface ReceivedPost {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let mail: MailServers;
let t: TestApp;
let endpoint: Server;
let endpointUrl: string;
let endpointStatus = 200;
const received: ReceivedPost[] = [];

beforeAll(async () => {
  mail = await startMailServers({
    users: [
      { name: 'ada', password: 'ada-secret' },
      { name: 'grace', password: 'grace-secret' },
      { name: 'list', password: 'list-secret' },
    ],
  });
  endpoint = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(endpointStatus).end();
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  endpointUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}`;
  t = await createTestApp({ env: { ...LOOPBACK_SERVERS_ENV } });
}, 90_000);
afterAll(async () => {
  await t?.close();
  await mail?.stop();
  await new Promise((resolve) => endpoint?.close(resolve));
});

const newsletter = (from: string, subject: string, headers: string, id: string) =>
  `From: ${from}\r\nTo: ada@example.test\r\nSubject: ${subject}\r\n${headers}Message-ID: <${id}@list.test>\r\nDate: Fri, 20 Nov 2026 09:00:00 +0000\r\n\r\nThis week's news.\r\n`;

async function connect(agent: Agent, user: string, password: string): Promise<EmailIntegration> {
  const created = (
    await agent
      .post('/api/email-integrations')
      .send({
        provider: 'imap',
        email: mail.address(user),
        password,
        imapHost: mail.imap.host,
        imapPort: mail.imap.port,
        smtpHost: mail.smtp.host,
        smtpPort: mail.smtp.port,
        syncFrequency: 86_400,
      })
      .expect(201)
  ).body as EmailIntegration;
  await t.app.get(EmailSyncService).syncNow(created.id);
  return created;
}

const emails = async (agent: Agent, tab: 'inbox' | 'archived'): Promise<Email[]> =>
  ((await agent.get('/api/emails').query({ tab, pageSize: 100 }).expect(200)).body as EmailPage).items;
const senders = async (agent: Agent): Promise<NewsletterSender[]> =>
  (await agent.get('/api/emails/newsletters').expect(200)).body as NewsletterSender[];

describe('newsletters', () => {
  let ada: Agent;
  let account: EmailIntegration;

  beforeAll(async () => {
    await mail.appendMessage(
      'ada',
      newsletter(
        'Weekly Digest <digest@news.test>',
        'Digest #1',
        `List-Id: Weekly digest <digest.news.test>\r\nList-Unsubscribe: <mailto:leave@news.test?subject=bye>, <${endpointUrl}/u/ada-123>\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n`,
        'digest-1',
      ),
    );
    await mail.appendMessage(
      'ada',
      newsletter(
        'Shop <deals@shop.test>',
        'Sale',
        `List-Unsubscribe: <mailto:${mail.address('list')}?subject=unsubscribe%20ada&body=please%20remove%20me>\r\n`,
        'shop-1',
      ),
    );
    // A list whose one-click endpoint is gone: a port nothing listens on any more.
    const closed = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => closed.once('listening', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await mail.appendMessage(
      'ada',
      newsletter(
        'Gone <gone@news.test>',
        'Last issue',
        `List-Unsubscribe: <http://127.0.0.1:${closedPort}/u>\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n`,
        'gone-1',
      ),
    );
    await mail.appendMessage(
      'ada',
      newsletter('Blog <posts@blog.test>', 'New post', 'List-Unsubscribe: <https://blog.test/leave?u=1>\r\n', 'blog-1'),
    );
    ({ agent: ada } = await signUp(request.agent(t.http)));
    account = await connect(ada, 'ada', 'ada-secret');
  });

  it('keeps List-Unsubscribe, List-Unsubscribe-Post and List-Id of a synced message', async () => {
    const digest = (await emails(ada, 'inbox')).find((e) => e.subject === 'Digest #1')!;
    expect(digest.metadata).toMatchObject({
      listUnsubscribe: {
        http: `${endpointUrl}/u/ada-123`,
        mailto: 'mailto:leave@news.test?subject=bye',
        oneClick: true,
      },
      listId: 'Weekly digest <digest.news.test>',
    });
  });

  it('groups newsletter mail by sender with counts and the way to unsubscribe', async () => {
    const list = await senders(ada);
    expect(list.map((s) => s.sender).sort()).toEqual([
      'deals@shop.test',
      'digest@news.test',
      'gone@news.test',
      'posts@blog.test',
    ]);
    expect(list.find((s) => s.sender === 'digest@news.test')).toMatchObject({
      name: 'Weekly Digest',
      count: 1,
      unread: 1,
      inInbox: 1,
      unsubscribe: 'one-click',
      unsubscribedAt: null,
      keepArchiving: false,
    });
    expect(list.find((s) => s.sender === 'deals@shop.test')?.unsubscribe).toBe('mailto');
    expect(list.find((s) => s.sender === 'posts@blog.test')?.unsubscribe).toBe('link');
  });

  it('unsubscribes with one click: a form POST of exactly List-Unsubscribe=One-Click, without cookies', async () => {
    received.length = 0;
    const result = await ada
      .post('/api/emails/newsletters/unsubscribe')
      .send({ sender: 'Digest@News.test' })
      .expect(200);
    expect(result.body).toEqual({ method: 'one-click', url: null });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/u/ada-123', body: 'List-Unsubscribe=One-Click' });
    expect(received[0].headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(received[0].headers.cookie).toBeUndefined();
    expect((await senders(ada)).find((s) => s.sender === 'digest@news.test')?.unsubscribedAt).not.toBeNull();
  });

  it('answers a refusing endpoint with a readable 502, not a 500', async () => {
    endpointStatus = 403;
    try {
      const answer = await ada.post('/api/emails/newsletters/unsubscribe').send({ sender: 'digest@news.test' });
      expect(answer.status).toBe(502);
      expect(answer.body.message).toBe('The sender’s unsubscribe address refused the request');
    } finally {
      endpointStatus = 200;
    }
  });

  it('answers an endpoint nothing listens on with a readable 502, and records no unsubscribe', async () => {
    const answer = await ada.post('/api/emails/newsletters/unsubscribe').send({ sender: 'gone@news.test' });
    expect(answer.status).toBe(502);
    expect(answer.body.message).toBe('The sender’s unsubscribe address could not be reached');
    expect((await senders(ada)).find((s) => s.sender === 'gone@news.test')?.unsubscribedAt).toBeNull();
  });

  it('unsubscribes by mail: the mailto goes out over SMTP to the list address', async () => {
    const result = await ada
      .post('/api/emails/newsletters/unsubscribe')
      .send({ sender: 'deals@shop.test' })
      .expect(200);
    expect(result.body).toEqual({ method: 'mailto', url: null });
    const inbox = await mail.fetchAll('list');
    const sent = inbox.find((m) => m.parsed.subject === 'unsubscribe ada');
    expect(sent?.parsed.text?.trim()).toBe('please remove me');
    expect(sent?.parsed.from?.value[0]?.address).toBe(mail.address('ada'));
  });

  it('answers a web page to open, and fetches nothing, when that is the only way', async () => {
    received.length = 0;
    const result = await ada
      .post('/api/emails/newsletters/unsubscribe')
      .send({ sender: 'posts@blog.test' })
      .expect(200);
    expect(result.body).toEqual({ method: 'link', url: 'https://blog.test/leave?u=1' });
    expect(received).toHaveLength(0);
  });

  it('archives all from a sender, and keeps archiving its newly synced mail', async () => {
    expect(
      (await ada.post('/api/emails/newsletters/archive').send({ sender: 'digest@news.test' }).expect(200)).body,
    ).toEqual({ archived: 1 });
    expect((await emails(ada, 'inbox')).some((e) => e.subject === 'Digest #1')).toBe(false);
    expect((await emails(ada, 'archived')).some((e) => e.subject === 'Digest #1')).toBe(true);

    const rule = (
      await ada.post('/api/emails/sender-rules').send({ sender: 'digest@news.test', kind: 'archive' }).expect(201)
    ).body as SenderRule;
    expect(rule).toMatchObject({ sender: 'digest@news.test', kind: 'archive' });
    expect((await ada.get('/api/emails/sender-rules').expect(200)).body).toEqual([rule]);
    expect((await senders(ada)).find((s) => s.sender === 'digest@news.test')?.keepArchiving).toBe(true);

    await mail.appendMessage(
      'ada',
      newsletter('Weekly Digest <digest@news.test>', 'Digest #2', 'List-Id: <digest.news.test>\r\n', 'digest-2'),
    );
    await mail.appendMessage('ada', newsletter('Grace <grace@example.test>', 'Lunch?', '', 'grace-1'));
    await t.app.get(EmailSyncService).syncNow(account.id);
    const inbox = await emails(ada, 'inbox');
    expect(inbox.some((e) => e.subject === 'Lunch?')).toBe(true);
    expect(inbox.some((e) => e.subject === 'Digest #2')).toBe(false);
    expect((await emails(ada, 'archived')).some((e) => e.subject === 'Digest #2')).toBe(true);

    // The next sync carries the archive to the server: the message leaves the INBOX there.
    await t.app.get(EmailSyncService).syncNow(account.id);
    const serverInbox = await mail.fetchAll('ada');
    expect(serverInbox.some((m) => m.parsed.subject === 'Digest #2')).toBe(false);
    expect((await emails(ada, 'archived')).some((e) => e.subject === 'Digest #2')).toBe(true);

    await ada.delete(`/api/emails/sender-rules/${rule.id}`).expect(204);
    expect((await ada.get('/api/emails/sender-rules').expect(200)).body).toEqual([]);
  });

  it("keeps each user's newsletters and rules to themselves", async () => {
    const { agent: other } = await signUp(request.agent(t.http));
    expect(await senders(other)).toEqual([]);
    const rule = (
      await ada.post('/api/emails/sender-rules').send({ sender: 'posts@blog.test', kind: 'remote-content' }).expect(201)
    ).body as SenderRule;
    await other.delete(`/api/emails/sender-rules/${rule.id}`).expect(404);
    expect((await other.get('/api/emails/sender-rules').expect(200)).body).toEqual([]);
    const unsubscribe = await other.post('/api/emails/newsletters/unsubscribe').send({ sender: 'digest@news.test' });
    expect(unsubscribe.status).toBe(404);
    expect(
      (await other.post('/api/emails/newsletters/archive').send({ sender: 'posts@blog.test' }).expect(200)).body,
    ).toEqual({
      archived: 0,
    });
    expect((await emails(ada, 'inbox')).some((e) => e.subject === 'New post')).toBe(true);
  });

  it('answers 400 with a readable message for bad input, 401 signed out', async () => {
    const bad = await ada.post('/api/emails/newsletters/unsubscribe').send({ sender: 'not an address' }).expect(400);
    expect(bad.body.message).toBe('Sender must be a valid email address');
    const kind = await ada.post('/api/emails/sender-rules').send({ sender: 'a@b.test', kind: 'delete' }).expect(400);
    expect(kind.body.message).toBe('Rule must be archive or remote-content');
    await ada.post('/api/emails/newsletters/archive').send({}).expect(400);
    await ada.delete('/api/emails/sender-rules/abc').expect(400);
    await request(t.http).get('/api/emails/newsletters').expect(401);
  });
});
