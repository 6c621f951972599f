import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

/**
 * Real mail servers for the email module's tests, on 127.0.0.1 and free ports:
 * - Dovecot (IMAP only, no TLS, plaintext auth) as a foreground child with a throwaway config,
 *   Maildir storage and the special-use folders Sent, Drafts, Archive, Trash and Junk;
 * - an SMTP submission server (the smtp-server package) that authenticates the same users and
 *   hands each accepted message to Dovecot's own delivery agent (dovecot-lda), so what is sent is
 *   then fetched over IMAP from the recipient's INBOX.
 * Fails (does not skip) when Dovecot is not installed.
 */

export interface MailUser {
  /** IMAP/SMTP login and mailbox owner; the address is `${name}@${domain}`. Lower case. */
  name: string;
  password: string;
}

export interface MailServersOptions {
  users: MailUser[];
  /** Domain of the local addresses (default `example.test`). */
  domain?: string;
  /** Start with the SMTP server refusing every message (554); see setFailDelivery. */
  failDelivery?: boolean;
  /**
   * Also accept OAuth2 bearer tokens (XOAUTH2, OAUTHBEARER) over IMAP and SMTP, checked the way
   * Dovecot checks Google's: GET `${tokenInfoUrl}<token>` answers JSON with the token's `email`.
   */
  oauth2TokenInfoUrl?: string;
  /** The special-use folders every account gets (default SPECIAL_FOLDERS); e.g. leave out Archive to test an account without one. */
  folders?: Partial<Record<string, string>>;
}

export interface FetchedMessage {
  uid: number;
  seq: number;
  flags: string[];
  /** The raw RFC 5322 message as stored. */
  source: Buffer;
  parsed: ParsedMail;
}

export interface MailboxStatus {
  messages: number;
  unseen: number;
  uidNext: number;
  uidValidity: bigint;
  highestModseq?: bigint;
}

export interface MailServers {
  imap: { host: string; port: number; secure: false };
  smtp: { host: string; port: number; secure: false };
  domain: string;
  /** `${user}@${domain}` */
  address(user: string): string;
  /** IMAP APPEND as `user` (default mailbox INBOX, no flags); answers the new UID. */
  appendMessage(
    user: string,
    raw: string | Buffer,
    options?: { mailbox?: string; flags?: string[]; date?: Date },
  ): Promise<number | undefined>;
  /** Many APPENDs over one connection (for benchmarks: 5,000 messages take seconds, not minutes). */
  appendMessages(
    user: string,
    raws: Array<string | Buffer>,
    options?: { mailbox?: string; flags?: string[] },
  ): Promise<void>;
  /** Delivers like an incoming message from outside: dovecot-lda straight into `user`'s INBOX. */
  deliver(user: string, raw: string | Buffer, from?: string): Promise<void>;
  mailboxStatus(user: string, mailbox?: string): Promise<MailboxStatus>;
  /** Sets or clears \Seen on one message, as another mail client would. */
  setSeen(user: string, uid: number, seen: boolean, mailbox?: string): Promise<void>;
  /** MOVEs one message, as another mail client would; answers its UID in `to`. */
  moveMessage(user: string, uid: number, from: string, to: string): Promise<number | undefined>;
  /** Deletes one message for good (\Deleted, then EXPUNGE). */
  expungeMessage(user: string, uid: number, mailbox?: string): Promise<void>;
  /** Deletes a folder with its messages (not the INBOX). */
  deleteMailbox(user: string, mailbox: string): Promise<void>;
  /** Creates a folder (e.g. again after deleteMailbox: same name, new UIDVALIDITY). */
  createMailbox(user: string, mailbox: string): Promise<void>;
  /** Every message of the mailbox, in UID order, parsed with mailparser. */
  fetchAll(user: string, mailbox?: string): Promise<FetchedMessage[]>;
  /** A logged-in ImapFlow client as `user`; the caller logs out. */
  connect(user: string): Promise<ImapFlow>;
  /**
   * true: the SMTP server answers messages with 554 'Delivery refused (test)'; every message, or
   * with `subjectIncludes` only those whose subject contains it (so a test sharing the servers with
   * others running at the same time refuses its own message and no one else's). false undoes that call.
   */
  setFailDelivery(fail: boolean, scope?: { subjectIncludes: string }): void;
  /** Messages the SMTP server accepted (envelope and raw), oldest first. */
  readonly sent: Array<{ from: string; to: string[]; user: string; raw: Buffer }>;
  /** Dovecot's log so far (for failure messages). */
  log(): Promise<string>;
  /** The Dovecot master process (exitCode is set once stopped). */
  readonly dovecot: ChildProcess;
  /** Kills Dovecot, closes the SMTP server, removes the temp dir. Idempotent. */
  stop(): Promise<void>;
}

const DOVECOT = '/usr/sbin/dovecot';
const LDA = '/usr/lib/dovecot/dovecot-lda';
const HOST = '127.0.0.1';
/** Special-use folders every test account gets, created and subscribed on first login. */
export const SPECIAL_FOLDERS = {
  Sent: '\\Sent',
  Drafts: '\\Drafts',
  Archive: '\\Archive',
  Trash: '\\Trash',
  Junk: '\\Junk',
} as const;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Waits until this Dovecot answers on `port`: its greeting carries `greeting`, so a server that took
 * the port first (see startMailServers) is not mistaken for it.
 */
async function waitForDovecot(
  port: number,
  greeting: string,
  child: ChildProcess,
  output: () => Promise<string>,
): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`dovecot exited with ${child.exitCode}:\n${await output()}`);
    const firstLine = await new Promise<string>((resolve) => {
      let received = '';
      const socket = net.connect(port, HOST);
      socket.setTimeout(2_000, () => (socket.destroy(), resolve(received)));
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1');
        if (!received.includes('\n')) return;
        socket.destroy();
        resolve(received);
      });
      socket.on('error', () => resolve(''));
      socket.on('close', () => resolve(received));
    });
    if (firstLine.includes(greeting) && child.exitCode === null) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`dovecot did not answer on ${port}:\n${await output()}`);
}

/** uid and gid of a local account, from /etc/passwd. */
function passwdEntry(name: string): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`));
  if (!line) throw new Error(`No local user ${name} (the Dovecot package creates dovecot and dovenull)`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * Who owns the mail: the current user, except root. Dovecot refuses mail access as uid 0
 * ("userdb returned 0 as uid"), so under root the mailboxes belong to nobody.
 */
function mailOwner(): { uid: number; gid: number } {
  const { uid, gid } = os.userInfo();
  return uid === 0 ? passwdEntry('nobody') : { uid, gid };
}

function dovecotConfig(
  dir: string,
  port: number,
  greeting: string,
  folders: Partial<Record<string, string>>,
  oauth2TokenInfoUrl?: string,
): string {
  const { uid } = os.userInfo();
  const owner = mailOwner();
  // As root, Dovecot drops its login and internal processes to unprivileged users; the package
  // creates dovenull (login) and dovecot (internal). As anyone else it cannot switch users, so
  // everything runs as the current user.
  const loginUser = uid === 0 ? 'dovenull' : os.userInfo().username;
  const internalUser = uid === 0 ? 'dovecot' : os.userInfo().username;
  const mailboxes = Object.entries(folders)
    .map(([name, use]) => `  mailbox ${name} {\n    special_use = ${use}\n    auto = subscribe\n  }`)
    .join('\n');
  return `# Throwaway Dovecot 2.3 config for the API's tests (apps/api/test/mail-servers.ts).
instance_name = aide-test-${port}
login_greeting = ${greeting}
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
info_log_path = ${dir}/dovecot.log
auth_verbose = yes
protocols = imap
listen = ${HOST}
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login${oauth2TokenInfoUrl ? ' xoauth2 oauthbearer' : ''}
# "ada@example.test" logs in as "ada".
auth_username_format = %Ln
default_login_user = ${loginUser}
default_internal_user = ${internalUser}
# Mail processes run as ${owner.uid}:${owner.gid}, which may be below the default 500.
first_valid_uid = ${Math.min(owner.uid, 500)}
first_valid_gid = ${Math.min(owner.gid, 500)}
mail_location = maildir:~/Maildir
mail_fsync = never
${oauth2TokenInfoUrl ? `passdb {\n  driver = oauth2\n  mechanisms = xoauth2 oauthbearer\n  args = ${dir}/oauth2.conf\n}\n` : ''}passdb {
  driver = passwd-file
  args = scheme=PLAIN ${dir}/users
}
userdb {
  driver = static
  args = uid=${owner.uid} gid=${owner.gid} home=${dir}/home/%u
}
namespace inbox {
  inbox = yes
  separator = /
${mailboxes}
}
protocol imap {
  mail_max_userip_connections = 100
}
service imap-login {
  inet_listener imap {
    address = ${HOST}
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
  # One login process per connection would cost a fork each; tests connect often.
  service_count = 0
}
# Failed logins answer at once (the wrong-password tests), not after the default 2 s, and do not
# slow down the next logins from 127.0.0.1 by 2, 4, 8… s (the auth penalty, off without its socket).
auth_failure_delay = 0
service anvil {
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
`;
}

function toBuffer(raw: string | Buffer): Buffer {
  return typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw;
}

export async function startMailServers(options: MailServersOptions): Promise<MailServers> {
  if (!existsSync(DOVECOT) || !existsSync(LDA)) {
    throw new Error('Dovecot is not installed: run `apt-get install dovecot-imapd` (CI installs it via .ci/run)');
  }
  const domain = (options.domain ?? 'example.test').toLowerCase();
  const users = new Map(options.users.map((user) => [user.name.toLowerCase(), user.password]));
  /** "ada" or "ada@<domain>" → "ada" when a local user, else undefined. */
  const localUser = (login: string): string | undefined => {
    const [name, at] = login.toLowerCase().split('@');
    return users.has(name) && (at === undefined || at === domain) ? name : undefined;
  };

  const dir = await mkdtemp(path.join(os.tmpdir(), 'aide-mail-'));
  // Dovecot's auth process runs as the internal user and reads the users file; its login
  // processes chroot into run/login.
  await chmod(dir, 0o755);
  await mkdir(path.join(dir, 'home'));
  const owner = mailOwner();
  if (owner.uid !== os.userInfo().uid) await chown(path.join(dir, 'home'), owner.uid, owner.gid);
  await mkdir(path.join(dir, 'run'));
  await mkdir(path.join(dir, 'state'));
  const config = path.join(dir, 'dovecot.conf');
  await writeFile(
    path.join(dir, 'users'),
    [...users].map(([name, password]) => `${name}:{PLAIN}${password}::::::\n`).join(''),
  );
  if (options.oauth2TokenInfoUrl) {
    // Google's shape (Dovecot's documented example): tokeninfo by query, the user from `email`.
    await writeFile(
      path.join(dir, 'oauth2.conf'),
      `tokeninfo_url = ${options.oauth2TokenInfoUrl}\nintrospection_mode = get\nintrospection_url = ${options.oauth2TokenInfoUrl}\nusername_attribute = email\n# Logins are local names ("ada"), as auth_username_format makes them.\nusername_format = %Ln\n`,
    );
  }

  let childOutput = '';
  const log = async () => {
    const file = await readFile(path.join(dir, 'dovecot.log'), 'utf8').catch(() => '');
    return `${childOutput}${file}`;
  };
  let imapPort = 0;
  let dovecot!: ChildProcess;
  let exited!: Promise<void>;
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-dovecot.pid!, signal);
    } catch {
      // ESRCH: the group is gone already.
    }
  };
  // The free port is free when freePort() closes it, not necessarily when Dovecot binds it: test
  // files start servers side by side, and another may take it in between. Dovecot then exits with
  // "Address already in use" (waitForDovecot knows its greeting from the other server's), and
  // starts again on another port.
  const greeting = `Aide test Dovecot ${path.basename(dir)} ready.`;
  for (let attempt = 1; ; attempt++) {
    imapPort = await freePort();
    await writeFile(
      config,
      dovecotConfig(dir, imapPort, greeting, options.folders ?? SPECIAL_FOLDERS, options.oauth2TokenInfoUrl),
    );
    childOutput = '';
    // Its own process group, so stop() ends the master and every process it forked at once: login
    // processes outlive the master for as long as their clients stay connected.
    const child = spawn(DOVECOT, ['-F', '-c', config], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    dovecot = child;
    child.stdout?.on('data', (chunk) => (childOutput += chunk));
    child.stderr?.on('data', (chunk) => (childOutput += chunk));
    exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      await waitForDovecot(imapPort, greeting, child, log);
      break;
    } catch (error) {
      killGroup('SIGKILL');
      if (child.exitCode === null && child.signalCode === null) await exited;
      if (attempt < 5 && (await log()).includes('Address already in use')) {
        await rm(path.join(dir, 'dovecot.log'), { force: true });
        continue;
      }
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
  }

  /** Real Dovecot delivery: dovecot-lda reads the message on stdin and files it into the INBOX. */
  const deliver = (user: string, raw: string | Buffer, from = `postmaster@${domain}`) =>
    new Promise<void>((resolve, reject) => {
      const lda = spawn(LDA, ['-c', config, '-d', user, '-f', from], { stdio: ['pipe', 'pipe', 'pipe'] });
      let output = '';
      lda.stdout.on('data', (chunk) => (output += chunk));
      lda.stderr.on('data', (chunk) => (output += chunk));
      lda.on('error', reject);
      lda.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`dovecot-lda -d ${user} exited with ${code}: ${output}`)),
      );
      lda.stdin.end(toBuffer(raw));
    });

  let failDelivery = options.failDelivery ?? false;
  /** Subjects (parts of) refused while set; see setFailDelivery. */
  const refusedSubjects = new Set<string>();
  const refused = async (raw: Buffer) => {
    if (failDelivery) return true;
    if (refusedSubjects.size === 0) return false;
    const subject = (await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true })).subject ?? '';
    return [...refusedSubjects].some((part) => subject.includes(part));
  };
  const sent: MailServers['sent'] = [];
  const smtp = new SMTPServer({
    authMethods: options.oauth2TokenInfoUrl ? ['PLAIN', 'LOGIN', 'XOAUTH2'] : ['PLAIN', 'LOGIN'],
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    hideSTARTTLS: true,
    logger: false,
    banner: 'Aide test SMTP',
    size: 25 * 1024 * 1024,
    // stop() waits at most this long for clients that did not QUIT.
    closeTimeout: 1_000,
    onAuth(auth, _session, callback) {
      if (auth.method === 'XOAUTH2' && options.oauth2TokenInfoUrl) {
        const refuse = () => callback(null, { data: { status: '401', schemes: 'bearer' } });
        fetch(`${options.oauth2TokenInfoUrl}${encodeURIComponent(auth.accessToken ?? '')}`)
          .then(async (response) => {
            const info = response.ok ? ((await response.json()) as { email?: string }) : {};
            const name = localUser(auth.username ?? '');
            return name && info.email?.toLowerCase() === `${name}@${domain}`
              ? callback(null, { user: name })
              : refuse();
          })
          .catch(() => refuse());
        return;
      }
      const name = localUser(auth.username ?? '');
      if (name && users.get(name) === auth.password) return callback(null, { user: name });
      return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const [, at] = address.address.toLowerCase().split('@');
      if (at === domain && localUser(address.address)) return callback();
      return callback(Object.assign(new Error(`No such user here: ${address.address}`), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        refused(raw)
          .then(async (refuse) => {
            if (refuse) return callback(Object.assign(new Error('Delivery refused (test)'), { responseCode: 554 }));
            await Promise.all(to.map((address) => deliver(localUser(address)!, raw, from || `postmaster@${domain}`)));
            sent.push({ from, to, user: String(session.user), raw });
            callback();
          })
          .catch((error: Error) =>
            callback(Object.assign(new Error(`Local delivery failed: ${error.message}`), { responseCode: 451 })),
          );
      });
    },
  });
  const smtpPort = await new Promise<number>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, HOST, () => resolve((smtp.server.address() as net.AddressInfo).port));
  });

  const connect = async (user: string) => {
    const password = users.get(user.toLowerCase());
    if (password === undefined) throw new Error(`No such test mail user: ${user}`);
    const client = new ImapFlow({
      host: HOST,
      port: imapPort,
      secure: false,
      auth: { user, pass: password },
      logger: false,
      disableAutoIdle: true,
    });
    // Without a listener, a dropped connection's 'error' event would crash the test process;
    // the pending command rejects anyway.
    client.on('error', () => undefined);
    await client.connect();
    return client;
  };
  const withClient = async <T>(user: string, run: (client: ImapFlow) => Promise<T>): Promise<T> => {
    const client = await connect(user);
    try {
      return await run(client);
    } finally {
      await client.logout().catch(() => client.close());
    }
  };

  let stopped: Promise<void> | undefined;
  return {
    imap: { host: HOST, port: imapPort, secure: false },
    smtp: { host: HOST, port: smtpPort, secure: false },
    domain,
    address: (user) => `${user}@${domain}`,
    dovecot,
    sent,
    log,
    connect,
    deliver,
    setFailDelivery(fail, scope) {
      if (!scope) failDelivery = fail;
      else if (fail) refusedSubjects.add(scope.subjectIncludes);
      else refusedSubjects.delete(scope.subjectIncludes);
    },
    appendMessage(user, raw, { mailbox = 'INBOX', flags = [], date } = {}) {
      return withClient(user, async (client) => {
        const result = await client.append(mailbox, toBuffer(raw), flags, date);
        return result ? result.uid : undefined;
      });
    },
    appendMessages(user, raws, { mailbox = 'INBOX', flags = [] } = {}) {
      return withClient(user, async (client) => {
        for (const raw of raws) await client.append(mailbox, toBuffer(raw), flags);
      });
    },
    setSeen(user, uid, seen, mailbox = 'INBOX') {
      return withClient(user, async (client) => {
        await client.mailboxOpen(mailbox);
        if (seen) await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
        else await client.messageFlagsRemove(String(uid), ['\\Seen'], { uid: true });
      });
    },
    moveMessage(user, uid, from, to) {
      return withClient(user, async (client) => {
        await client.mailboxOpen(from);
        const moved = await client.messageMove(String(uid), to, { uid: true });
        return moved ? moved.uidMap?.get(uid) : undefined;
      });
    },
    expungeMessage(user, uid, mailbox = 'INBOX') {
      return withClient(user, async (client) => {
        await client.mailboxOpen(mailbox);
        await client.messageDelete(String(uid), { uid: true });
      });
    },
    deleteMailbox(user, mailbox) {
      return withClient(user, async (client) => void (await client.mailboxDelete(mailbox)));
    },
    createMailbox(user, mailbox) {
      return withClient(user, async (client) => void (await client.mailboxCreate(mailbox)));
    },
    mailboxStatus(user, mailbox = 'INBOX') {
      return withClient(user, async (client) => {
        const status = await client.status(mailbox, {
          messages: true,
          unseen: true,
          uidNext: true,
          uidValidity: true,
          highestModseq: true,
        });
        if (!status) throw new Error(`STATUS ${mailbox} failed for ${user}`);
        return {
          messages: status.messages ?? 0,
          unseen: status.unseen ?? 0,
          uidNext: status.uidNext ?? 0,
          uidValidity: status.uidValidity ?? 0n,
          highestModseq: status.highestModseq,
        };
      });
    },
    fetchAll(user, mailbox = 'INBOX') {
      return withClient(user, async (client) => {
        const lock = await client.getMailboxLock(mailbox, { readOnly: true });
        try {
          const mailboxInfo = client.mailbox;
          if (!mailboxInfo || mailboxInfo.exists === 0) return [];
          // Besides its answer, the server may send during the FETCH what another session (the app's
          // push) changed meanwhile: an unsolicited FETCH with the new FLAGS (and MODSEQ) only, no UID
          // or source (RFC 3501 5.2; imapflow yields it like the rest). That is a later state of the
          // same message, not a message of its own: merged by sequence number, which no EXPUNGE can
          // shift while the command runs (RFC 3501 7.4.1), the later FLAGS winning. A message that got
          // no source (expunged by another session meanwhile) is gone.
          const bySeq = new Map<number, { uid?: number; flags?: Set<string>; source?: Buffer }>();
          for await (const message of client.fetch('1:*', { uid: true, flags: true, source: true })) {
            const known = bySeq.get(message.seq);
            bySeq.set(message.seq, {
              uid: message.uid ?? known?.uid,
              flags: message.flags ?? known?.flags,
              source: message.source ?? known?.source,
            });
          }
          const messages: FetchedMessage[] = [];
          for (const [seq, { uid, flags, source }] of bySeq) {
            if (uid === undefined || source === undefined) continue;
            messages.push({ uid, seq, flags: [...(flags ?? [])], source, parsed: await simpleParser(source) });
          }
          return messages.sort((a, b) => a.uid - b.uid);
        } finally {
          lock.release();
        }
      });
    },
    stop() {
      stopped ??= (async () => {
        await new Promise<void>((resolve) => smtp.close(() => resolve()));
        if (dovecot.exitCode === null && dovecot.signalCode === null) {
          killGroup('SIGTERM');
          const timer = setTimeout(() => killGroup('SIGKILL'), 5_000);
          await exited;
          clearTimeout(timer);
        }
        // Whatever of the group is still there (a login process serving an open client) goes too.
        killGroup('SIGKILL');
        await rm(dir, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
}
