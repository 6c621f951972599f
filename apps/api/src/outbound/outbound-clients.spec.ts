import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Every client that connects where a user says must come through the outbound policy
 * (apps/api/src/outbound/). This test reads the API's source and fails naming any file outside that
 * folder that makes a network client — an import of a networking module or library, a global
 * fetch(), a WebSocket — unless the file is listed below as a client of an operator-configured
 * endpoint (the policy's documented exceptions: OAuth/OIDC, the AI server, S3, the search engine,
 * the social platforms' APIs, the database). A module added later cannot bypass the policy silently:
 * either it uses the clients in outbound/, or it is added here with its reason, in review.
 */
const SOURCE_ROOT = path.resolve(__dirname, '..');
const POLICY_FOLDER = path.join(SOURCE_ROOT, 'outbound');

const OPERATOR_CONFIGURED: Record<string, string> = {
  'auth/oidc-client.service.ts': 'the OpenID Connect issuer (OIDC_ISSUER_URL)',
  'auth/session.service.ts': 'the session store in PostgreSQL (DATABASE_URL)',
  'database/embedded-postgres.ts': 'the embedded PostgreSQL on loopback (a free-port probe and its client)',
  'stream/stream-listener.ts': 'LISTEN/NOTIFY on PostgreSQL (DATABASE_URL)',
  'jobs/pg-boss.loader.ts': 'the job queue in PostgreSQL (DATABASE_URL)',
  'documents/storage/s3-document-store.ts': 'document storage in S3 (S3_* settings)',
  'backup/backup.ts': "the backup's database snapshot (DATABASE_URL)",
  'backup/restore.ts': 'the restore into the empty database (DATABASE_URL)',
  'ai/remote/chat-client.ts': 'the AI server (AI_BASE_URL, environment only)',
  'social/connectors/platform-http.ts': "the social platforms' APIs (*_API_URL settings, fixed hosts by default)",
  'research/pipeline/web-search/searxng-search.provider.ts': 'the search engine (RESEARCH_SEARCH_URL)',
  'common/oauth/oauth-tokens.ts': 'OAuth token endpoints (GOOGLE_TOKEN_URL, MICROSOFT_AUTHORITY)',
  'email/oauth/gmail-oauth.service.ts': "Google's userinfo endpoint (GOOGLE_USERINFO_URL)",
  'calendar-integrations/providers/http-json.ts':
    'Google Calendar and Microsoft Graph (GOOGLE_CALENDAR_API_URL, GRAPH_API_URL)',
  'account/app-mailer.service.ts': "the app's own outgoing mail (MAIL_SMTP_URL)",
  'websites/analytics/tracking-script.ts':
    "not a server call: fetch() in the tracking script's text, run by visitors' browsers",
};

/** Modules whose value imports open connections. */
const NETWORK_MODULE =
  /^(node:)?(http|https|http2|net|tls|dgram)$|^(undici|imapflow|nodemailer|nodemailer\/lib\/smtp-[a-z-]+|tsdav|axios|got|node-fetch|cross-fetch|ws|openid-client|pg|pg-boss|ioredis|redis|@aws-sdk\/.+)$/;
const IMPORT =
  /\bimport\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|\b(?:require|import)\s*\(\s*['"]([^'"]+)['"]\s*\)/g;
const CALLS: [RegExp, string][] = [
  // A call of the global fetch; not a method (x.fetch()) and not a method's declaration (`async fetch(url) {`).
  [/^(?!\s*(?:(?:public|private|protected|static|async|override)\s+)*fetch\s*[(<]).*(?<![\w.$])fetch\s*\(/m, 'fetch('],
  [/\bnew\s+(WebSocket|EventSource|XMLHttpRequest)\b/, 'new WebSocket/EventSource/XMLHttpRequest'],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === POLICY_FOLDER || entry.name === 'migrations' ? [] : sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.(spec|e2e-spec)\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** Whether an import's clause brings in a value (not `import type`, not only `{ type A, type B }`). */
function importsValue(typeKeyword: string | undefined, clause: string): boolean {
  if (typeKeyword) return false;
  const braces = /^\{([\s\S]*)\}$/.exec(clause.trim());
  if (!braces) return true;
  return braces[1].split(',').some((name) => name.trim() !== '' && !/^type\s/.test(name.trim()));
}

/** What in a file makes a network client: 'imports tsdav', 'calls fetch(' … */
function networkUses(text: string): string[] {
  const uses: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const module = match[3] ?? match[4];
    if (NETWORK_MODULE.test(module) && (match[4] !== undefined || importsValue(match[1], match[2])))
      uses.push(`imports ${module}`);
  }
  for (const [pattern, name] of CALLS) if (pattern.test(text)) uses.push(`calls ${name}`);
  return uses;
}

describe('outbound clients', () => {
  const files = sourceFiles(SOURCE_ROOT).map((file) => ({
    name: path.relative(SOURCE_ROOT, file).split(path.sep).join('/'),
    uses: networkUses(readFileSync(file, 'utf8')),
  }));

  it('are made only through the outbound policy, or are listed as operator-configured', () => {
    const bypassing = files
      .filter(({ name, uses }) => uses.length > 0 && !(name in OPERATOR_CONFIGURED))
      .map(({ name, uses }) => `${name}: ${uses.join(', ')}`);
    expect(bypassing).toEqual([]);
  });

  it('keeps the operator-configured list to files that still make a client', () => {
    const listed = Object.keys(OPERATOR_CONFIGURED);
    const stale = listed.filter((name) => !files.some((file) => file.name === name && file.uses.length > 0));
    expect(stale).toEqual([]);
  });

  it('recognises the ways a client is made', () => {
    expect(networkUses(`import { createDAVClient } from 'tsdav';`)).toEqual(['imports tsdav']);
    expect(networkUses(`import { ImapFlow } from 'imapflow';`)).toEqual(['imports imapflow']);
    expect(networkUses(`import nodemailer, { type Transporter } from 'nodemailer';`)).toEqual(['imports nodemailer']);
    expect(networkUses(`import http from 'node:http';\nimport { connect } from "tls";`)).toEqual([
      'imports node:http',
      'imports tls',
    ]);
    expect(networkUses(`import {\n  request,\n  Agent,\n} from 'undici';`)).toEqual(['imports undici']);
    expect(networkUses(`const net = require('net');`)).toEqual(['imports net']);
    expect(networkUses(`const { Client } = await import('pg');`)).toEqual(['imports pg']);
    expect(networkUses(`const answer = await fetch(url, { method: 'POST' });`)).toEqual(['calls fetch(']);
    expect(networkUses(`const socket = new WebSocket(url);`)).toEqual([
      'calls new WebSocket/EventSource/XMLHttpRequest',
    ]);
    // Types, message-building helpers and methods named fetch are not clients.
    expect(
      networkUses(`import type { ImapFlow } from 'imapflow';\nimport { type IncomingMessage } from 'node:http';`),
    ).toEqual([]);
    expect(
      networkUses(
        `import MailComposer from 'nodemailer/lib/mail-composer';\nfor await (const m of imap.fetch('1:*', {})) {}\nawait fetcher.fetch(url);`,
      ),
    ).toEqual([]);
    expect(
      networkUses(`class SiteFetcher {\n  async fetch(address: string): Promise<void> {}\n  fetch2() {}\n}`),
    ).toEqual([]);
  });
});
