import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface Radicale {
  /** e.g. http://127.0.0.1:41234/ */
  url: string;
  /** MKCALENDAR /<user>/<slug>/ with a display name; answers the collection's URL. */
  createCalendar(user: string, password: string, slug: string, displayName: string): Promise<string>;
  /** PUT an iCalendar object at `url` (in a calendar of `user`) as that user; answers the status (201 new, 204 replaced). */
  putEvent(user: string, url: string, ics: string): Promise<number>;
  stop(): Promise<void>;
}

/**
 * One VEVENT in a VCALENDAR, as a CalDAV client writes it (times as 20300105T090000Z). With
 * `lastModified`, the event carries LAST-MODIFIED, which two-way sync compares with a local edit.
 */
export function icsEvent(
  uid: string,
  summary: string,
  start: string,
  end: string,
  { lastModified }: { lastModified?: Date } = {},
): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${start}`,
    ...(lastModified ? [`LAST-MODIFIED:${lastModified.toISOString().replace(/[-:]|\.\d+/g, '')}`] : []),
    `DTSTART:${start}`,
    `DTEND:${end}`,
    `SUMMARY:${summary}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Waits until this Radicale answers on `port`: its 401 names `realm`, so a server that took the port
 * first (see startRadicale) is not mistaken for it.
 */
async function waitForRadicale(port: number, realm: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`radicale exited with ${child.exitCode}:\n${output()}`);
    const challenge = await fetch(`http://127.0.0.1:${port}/`, {
      method: 'PROPFIND',
      signal: AbortSignal.timeout(2_000),
    })
      .then((response) => response.headers.get('www-authenticate') ?? '')
      .catch(() => '');
    if (challenge.includes(realm) && child.exitCode === null) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`radicale did not answer on ${port}:\n${output()}`);
}

/**
 * A real Radicale CalDAV server on 127.0.0.1 (a free port), with its own temp folder, plain
 * htpasswd users, and owner-only rights. Fails (does not skip) when Radicale is not installed.
 */
export async function startRadicale(users: Record<string, string>): Promise<Radicale> {
  if (spawnSync('radicale', ['--version']).status !== 0) {
    throw new Error('Radicale is not installed: run `apt-get install radicale` (CI installs it via .ci/run)');
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'aide-radicale-'));
  await writeFile(
    path.join(dir, 'users'),
    Object.entries(users)
      .map(([user, password]) => `${user}:${password}`)
      .join('\n') + '\n',
  );
  // The free port is free when freePort() closes it, not necessarily when Radicale binds it: test
  // files start servers side by side, and another may take it in between. Radicale then exits with
  // "Address already in use" (waitForRadicale knows its realm from the other server's), and starts
  // again on another port.
  const realm = `Aide test Radicale ${path.basename(dir)}`;
  let port: number;
  let output = '';
  let child!: ChildProcess;
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    await writeFile(
      path.join(dir, 'config'),
      [
        '[server]',
        `hosts = 127.0.0.1:${port}`,
        '[auth]',
        'type = htpasswd',
        `htpasswd_filename = ${path.join(dir, 'users')}`,
        'htpasswd_encryption = plain',
        'delay = 0',
        `realm = ${realm}`,
        '[rights]',
        'type = owner_only',
        '[storage]',
        `filesystem_folder = ${path.join(dir, 'collections')}`,
        '[logging]',
        'level = warning',
      ].join('\n'),
    );
    output = '';
    child = spawn('radicale', ['--config', path.join(dir, 'config')], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    try {
      await waitForRadicale(port, realm, child, () => output);
      break;
    } catch (error) {
      const started = child;
      started.kill('SIGKILL');
      if (started.exitCode === null && started.signalCode === null) {
        await new Promise((resolve) => started.once('exit', resolve));
      }
      if (attempt < 5 && output.includes('Address already in use')) continue;
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
  }
  const url = `http://127.0.0.1:${port}/`;
  const basic = (user: string) => `Basic ${Buffer.from(`${user}:${users[user]}`).toString('base64')}`;
  return {
    url,
    async createCalendar(user, password, slug, displayName) {
      const collection = `${url}${user}/${slug}/`;
      const auth = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
      // Radicale makes the user's home on first authenticated access.
      await fetch(`${url}${user}/`, { method: 'PROPFIND', headers: { authorization: auth, depth: '0' } });
      const body = `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>
<D:displayname>${displayName}</D:displayname>
<C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>
</D:prop></D:set></C:mkcalendar>`;
      const response = await fetch(collection, {
        method: 'MKCALENDAR',
        headers: { authorization: auth, 'content-type': 'application/xml' },
        body,
      });
      if (response.status !== 201)
        throw new Error(`MKCALENDAR ${collection}: ${response.status} ${await response.text()}`);
      return collection;
    },
    async putEvent(user, eventUrl, ics) {
      const response = await fetch(eventUrl, {
        method: 'PUT',
        headers: { authorization: basic(user), 'content-type': 'text/calendar' },
        body: ics,
      });
      return response.status;
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
