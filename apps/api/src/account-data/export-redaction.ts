/**
 * What "export my data" leaves out. Tables: whole tables of secrets or server state (the session
 * store, the TOTP secret and the recovery code hashes). Columns: any column whose name says it
 * holds a secret, in every table, including tables added later: password hashes, encrypted
 * credentials, tokens, salts, keys, OAuth state. account-data.spec.ts checks every column of
 * every entity against SENSITIVE_LOOKING: each one is redacted here or listed in
 * KEPT_DESPITE_NAME with why it is not a secret.
 */
export const EXCLUDED_TABLES: ReadonlySet<string> = new Set([
  'session',
  'two_factor_credentials',
  'two_factor_recovery_codes',
]);

export const SECRET_COLUMN =
  /password|secret|credential|token|salt|api_?key|private_?key|providerState|cipher|encrypted|hash$|^sess$/i;

/** Broader than SECRET_COLUMN: any column whose name could mean a secret must be decided on (the test). */
export const SENSITIVE_LOOKING = /pass|secret|cred|token|salt|key|hash|sess|otp|cipher|encrypt|state|auth/i;

/** Columns whose names look sensitive but are the user's own, non-secret data. */
export const KEPT_DESPITE_NAME: Readonly<Record<string, string>> = {
  credibilityScore: "a research source's score",
  hashtags: "a social post's hashtags",
  keywords: 'research keywords',
  siteKey: "the website's public tracking id, embedded in its own pages",
  storageKey: "the document file's name in the store; the file itself is in the export",
  sourceKey: 'which item a notification is about (its dedupe key)',
  key: "what a suggestion is about within its message or document (its dedupe key, e.g. 'attachment:0')",
  syncState: "a mailbox's IMAP sync cursor (UIDVALIDITY, UIDs; no credential)",
  sessions: "how many visits a website had that day (its analytics' daily roll-up)",
  sessionSeconds: "how long those visits lasted in all (its analytics' daily roll-up)",
};

export function isRedactedColumn(propertyName: string): boolean {
  return SECRET_COLUMN.test(propertyName);
}

export function redactRow(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([name]) => !isRedactedColumn(name)));
}
