import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { OUTBOUND_MESSAGES } from '@aide/contracts';
import { getRepositoryToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { Repository } from 'typeorm';
import { signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { CalendarIntegrationsService } from '../calendar-integrations/calendar-integrations.service';
import { CalendarSyncService } from '../calendar-integrations/sync/calendar-sync.service';
import { CredentialsCipher } from '../common/crypto/credentials-cipher';
import { EmailIntegrationEntity } from '../email/email-integration.entity';
import { MailAccess } from '../email/mail-access';

/**
 * SSRF through the hosts a user gives (issue 19, hole 2): CalDAV servers, IMAP and SMTP hosts.
 * A TCP listener on loopback stands for an internal service: with the policy off, every spelling of
 * a loopback or metadata address is refused with the same words, and the listener never sees a
 * connection. With loopback allowed (a self-hosted server), link-local stays refused, redirects to
 * other internal addresses are refused, and a closed port, a server that is not CalDAV and a
 * refused address read the same.
 */

interface Listener {
  port: number;
  connections: number;
  close(): Promise<void>;
}

/** A TCP server that counts connections and answers `reply` (or nothing) before closing. */
async function listen(host: string, reply?: string, port = 0): Promise<Listener> {
  const sockets = new Set<net.Socket>();
  const listener = {
    port: 0,
    connections: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = net.createServer((socket) => {
    listener.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (reply !== undefined) socket.end(reply);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  listener.port = (server.address() as AddressInfo).port;
  listener.close = () => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return listener;
}

const couldNotConnect = OUTBOUND_MESSAGES.couldNotConnect;

let closed: TestApp;
let lan: TestApp;
let internal: Listener;
/** The same port on ::1, where the machine has IPv6 loopback (null where it has none). */
let internal6: Listener | null;

beforeAll(async () => {
  internal = await listen('127.0.0.1', '* OK IMAP4rev1 internal service ready\r\n');
  internal6 = await listen('::1', '* OK IMAP4rev1 internal service ready\r\n', internal.port).catch(() => null);
  // The default: no private network allowed.
  closed = await createTestApp();
  // A self-hosted server on 127.0.0.1, and nothing else private.
  lan = await createTestApp({ env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: '127.0.0.1' } });
}, 60_000);
afterAll(async () => {
  await closed?.close();
  await lan?.close();
  await internal?.close();
  await internal6?.close();
});
beforeEach(() => {
  internal.connections = 0;
  if (internal6) internal6.connections = 0;
});
/** Connections the internal service saw, on 127.0.0.1 and ::1. */
const contacted = () => internal.connections + (internal6?.connections ?? 0);

const caldav = (serverUrl: string) => ({ provider: 'caldav', serverUrl, username: 'ada', password: 'ada-secret-pw' });

describe('with private networks refused (the default)', () => {
  it.each([
    ['http://127.0.0.1:PORT/', '127.0.0.1'],
    ['http://127.1:PORT/', '127.0.0.1'],
    ['http://0x7f000001:PORT/', '127.0.0.1'],
    ['http://2130706433:PORT/', '127.0.0.1'],
    ['http://0177.0.0.1:PORT/', '127.0.0.1'],
    ['http://[::1]:PORT/', '[::1]'],
    ['http://[::ffff:127.0.0.1]:PORT/', '[::ffff:7f00:1]'],
    ['http://localhost:PORT/', 'localhost'],
    ['http://localhost.:PORT/dav/', 'localhost'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['http://10.0.0.8:8080/', '10.0.0.8'],
  ])('refuses the CalDAV server %s with the same words, contacting nothing', async (template, host) => {
    const { agent } = await signUp(request.agent(closed.http));
    const response = await agent
      .post('/api/calendar-integrations/caldav')
      .send(caldav(template.replace('PORT', String(internal.port))));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(couldNotConnect(host));
    expect(contacted()).toBe(0);
    expect((await agent.get('/api/calendar-integrations').expect(200)).body).toEqual([]);
  });

  it.each([
    [{ imapHost: '127.0.0.1' }, '127.0.0.1'],
    [{ imapHost: '127.1' }, '127.1'],
    [{ imapHost: '0x7f000001' }, '0x7f000001'],
    [{ imapHost: '2130706433' }, '2130706433'],
    [{ imapHost: 'localhost' }, 'localhost'],
    [{ imapHost: 'localhost.' }, 'localhost'],
    [{ imapHost: '169.254.169.254' }, '169.254.169.254'],
    // A public IMAP host does not smuggle a loopback SMTP host through.
    [{ imapHost: '8.8.8.8', smtpHost: '127.0.0.1' }, '127.0.0.1'],
  ])('refuses the mail account %o with the same words, contacting nothing', async (hosts, host) => {
    const { agent } = await signUp(request.agent(closed.http));
    const response = await agent.post('/api/email-integrations').send({
      provider: 'imap',
      email: 'ada@example.test',
      password: 'ada-secret-pw',
      imapPort: internal.port,
      smtpPort: internal.port,
      ...hosts,
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(couldNotConnect(host));
    expect(contacted()).toBe(0);
    expect((await agent.get('/api/email-integrations').expect(200)).body).toEqual([]);
  });

  // A host saved while it was allowed (or a name that now points elsewhere) is checked again at every connection.
  it('refuses loopback again when a sync connects: IMAP, SMTP and CalDAV', async () => {
    const { user } = await signUp(request.agent(closed.http));
    const cipher = closed.app.get(CredentialsCipher);
    const accounts = closed.app.get<Repository<EmailIntegrationEntity>>(getRepositoryToken(EmailIntegrationEntity));
    const { id } = await accounts.save(
      accounts.create({
        userId: user.id,
        provider: 'imap',
        email: 'ada@example.test',
        imapHost: '127.1',
        imapPort: internal.port,
        smtpHost: 'localhost',
        smtpPort: internal.port,
        credentials: cipher.encrypt({ password: 'pw' }),
      }),
    );
    const account = (await closed.app.get(MailAccess).open(id))!;
    await expect(account.connectImap()).rejects.toThrow(couldNotConnect('127.1'));
    await expect(account.smtp()).rejects.toThrow(couldNotConnect('localhost'));

    const integration = await closed.app.get(CalendarIntegrationsService).create(
      user.id,
      'caldav',
      'Work',
      'two_way',
      { username: 'ada', password: 'pw' },
      {
        serverUrl: `http://127.0.0.1:${internal.port}/`,
        calendarUrl: `http://127.0.0.1:${internal.port}/ada/work/`,
        ctag: null,
      },
    );
    await expect(closed.app.get(CalendarSyncService).syncNow(integration.id)).rejects.toThrow(
      couldNotConnect('127.0.0.1'),
    );
    expect(contacted()).toBe(0);
  });
});

describe('with loopback allowed (OUTBOUND_ALLOW_PRIVATE_NETWORKS=127.0.0.1)', () => {
  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:169.254.169.254]/',
    'http://[fe80::1]/',
    'http://100.100.100.200/',
    'http://0xa9fea9fe/',
  ])('still refuses the link-local or metadata address %s', async (serverUrl) => {
    const { agent } = await signUp(request.agent(lan.http));
    const response = await agent.post('/api/calendar-integrations/caldav').send(caldav(serverUrl));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(couldNotConnect(new URL(serverUrl).hostname));
  });

  it('still refuses a mail account on a link-local address', async () => {
    const { agent } = await signUp(request.agent(lan.http));
    const response = await agent
      .post('/api/email-integrations')
      .send({ provider: 'imap', email: 'ada@example.test', password: 'pw', imapHost: '169.254.169.254' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(couldNotConnect('169.254.169.254'));
  });

  it('refuses a CalDAV server that redirects to an internal address, without following it', async () => {
    const elsewhere = await listen('127.0.0.2');
    const targets = [
      `http://127.0.0.2:${elsewhere.port}/dav/`,
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${internal.port}/`,
    ];
    let answered = 0;
    let next = 0;
    // Every request, whatever the method and path (.well-known discovery, PROPFIND), is sent elsewhere.
    const redirector = http.createServer((incoming, outgoing) => {
      answered += 1;
      incoming.resume();
      outgoing
        .writeHead(incoming.url?.startsWith('/.well-known/') ? 301 : 307, { location: targets[next % targets.length] })
        .end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    try {
      const serverUrl = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/`;
      const { agent } = await signUp(request.agent(lan.http));
      for (next = 0; next < targets.length; next += 1) {
        const response = await agent.post('/api/calendar-integrations/caldav').send(caldav(serverUrl));
        expect(response.status).toBe(400);
        expect(response.body.message).toBe(couldNotConnect('127.0.0.1'));
      }
      expect(answered).toBeGreaterThan(0);
      expect(elsewhere.connections).toBe(0);
      expect(contacted()).toBe(0);
    } finally {
      redirector.closeAllConnections();
      await new Promise<void>((resolve) => redirector.close(() => resolve()));
      await elsewhere.close();
    }
  });

  it('answers a closed port, a server that is not CalDAV and a refused address with the same words', async () => {
    const closedPort = await listen('127.0.0.1');
    await closedPort.close();
    const notHttp = await listen('127.0.0.1', 'SSH-2.0-OpenSSH_9.6\r\n');
    const notCalDav = http.createServer((incoming, outgoing) =>
      outgoing.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Welcome to nginx!</h1>'),
    );
    await new Promise<void>((resolve) => notCalDav.listen(0, '127.0.0.1', resolve));
    try {
      const { agent } = await signUp(request.agent(lan.http));
      const messages = new Set<string>();
      for (const port of [closedPort.port, notHttp.port, (notCalDav.address() as AddressInfo).port, internal.port]) {
        const response = await agent
          .post('/api/calendar-integrations/caldav')
          .send(caldav(`http://127.0.0.1:${port}/`));
        expect(response.status).toBe(400);
        messages.add(response.body.message);
      }
      // 127.0.0.3 is loopback too, but not the allowed address: refused before any connection.
      const refused = await agent
        .post('/api/calendar-integrations/caldav')
        .send(caldav(`http://127.0.0.3:${internal.port}/`));
      expect(refused.body.message).toBe(couldNotConnect('127.0.0.3'));
      expect([...messages]).toEqual([couldNotConnect('127.0.0.1')]);
    } finally {
      await notHttp.close();
      notCalDav.closeAllConnections();
      await new Promise<void>((resolve) => notCalDav.close(() => resolve()));
    }
  });

  it('answers a closed port and a server that is not IMAP with the same words when a sync connects', async () => {
    const { user } = await signUp(request.agent(lan.http));
    const cipher = lan.app.get(CredentialsCipher);
    const accounts = lan.app.get<Repository<EmailIntegrationEntity>>(getRepositoryToken(EmailIntegrationEntity));
    const closedPort = await listen('127.0.0.1');
    await closedPort.close();
    const notImap = await listen('127.0.0.1', 'HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n');
    try {
      for (const port of [closedPort.port, notImap.port]) {
        const { id } = await accounts.save(
          accounts.create({
            userId: user.id,
            provider: 'imap',
            email: `ada${port}@example.test`,
            imapHost: '127.0.0.1',
            imapPort: port,
            credentials: cipher.encrypt({ password: 'pw' }),
          }),
        );
        await expect((await lan.app.get(MailAccess).open(id))!.connectImap()).rejects.toThrow(
          couldNotConnect('127.0.0.1'),
        );
      }
      expect(notImap.connections).toBe(1);
    } finally {
      await notImap.close();
    }
  });
});
