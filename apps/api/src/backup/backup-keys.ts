import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { timingSafeEqual } from 'node:crypto';
import { CREDENTIALS_KEY_FILE, credentialsKeyFromSecret } from '../common/crypto/credentials-key';
import type { Env } from '../config/env.schema';
import { VAPID_SECRET_FILE } from '../push/vapid-keys';
import { BackupRefusedError } from './backup-format';

export const SESSION_SECRET_FILE = 'session-secret';

/**
 * One key as the backed-up deployment had it: set in its environment, or generated into its DATA_DIR.
 * For the credentials key, `value` is the base64 key (environment) or the generated secret (file);
 * for the others it is the secret itself either way.
 */
export interface BackedUpKey {
  source: 'environment' | 'data-dir';
  value: string;
}

/** keys.json: null where the deployment never had the key (nothing was encrypted or signed with it). */
export interface BackupKeys {
  credentials: BackedUpKey | null;
  vapid: BackedUpKey | null;
  /** Only with `backup --with-session-secret`. */
  session?: BackedUpKey | null;
}

async function readSecretFile(file: string): Promise<string | null> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

async function keyOf(configured: string | undefined, file: string): Promise<BackedUpKey | null> {
  if (configured) return { source: 'environment', value: configured };
  const value = await readSecretFile(file);
  return value === null ? null : { source: 'data-dir', value };
}

/** The keys the app reads at start, from the environment or DATA_DIR (never creating one). */
export async function readKeys(
  env: Pick<Env, 'CREDENTIALS_KEY' | 'VAPID_SECRET' | 'SESSION_SECRET' | 'DATA_DIR'>,
  withSessionSecret: boolean,
): Promise<BackupKeys> {
  const keys: BackupKeys = {
    credentials: await keyOf(env.CREDENTIALS_KEY, path.join(env.DATA_DIR, CREDENTIALS_KEY_FILE)),
    vapid: await keyOf(env.VAPID_SECRET, path.join(env.DATA_DIR, VAPID_SECRET_FILE)),
  };
  if (withSessionSecret) keys.session = await keyOf(env.SESSION_SECRET, path.join(env.DATA_DIR, SESSION_SECRET_FILE));
  return keys;
}

/** The 32-byte key stored credentials are encrypted with, whichever way the deployment had it. */
function credentialsKeyBytes(key: BackedUpKey): Buffer {
  return key.source === 'environment' ? Buffer.from(key.value, 'base64') : credentialsKeyFromSecret(key.value);
}

const sameBytes = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

export interface KeyPlan {
  /** Files to write into DATA_DIR (mode 0600) once the data is in. */
  writes: { file: string; value: string }[];
  warnings: string[];
}

/**
 * What restore does with the backup's keys, decided before anything is written: each key goes
 * where the app will read it (DATA_DIR), or is already set the same in the environment. Refused
 * (BackupRefusedError) when the environment or DATA_DIR holds a different credentials key, since
 * the stored passwords and tokens would no longer decrypt.
 */
export async function planKeys(
  keys: BackupKeys,
  env: Pick<Env, 'CREDENTIALS_KEY' | 'VAPID_SECRET' | 'SESSION_SECRET' | 'DATA_DIR'>,
): Promise<KeyPlan> {
  const plan: KeyPlan = { writes: [], warnings: [] };
  const intoDataDir = async (name: string, value: string, what: string) => {
    const file = path.join(env.DATA_DIR, name);
    const existing = await readSecretFile(file);
    if (existing === null) plan.writes.push({ file, value });
    else if (existing !== value)
      throw new BackupRefusedError(
        `${file} already holds a different ${what}: this is not an empty deployment. Move the file away (or use an empty DATA_DIR) and restore again.`,
      );
  };

  if (keys.credentials) {
    const backedUp = credentialsKeyBytes(keys.credentials);
    if (env.CREDENTIALS_KEY) {
      if (!sameBytes(backedUp, Buffer.from(env.CREDENTIALS_KEY, 'base64')))
        throw new BackupRefusedError(
          'CREDENTIALS_KEY is set to a different key than the one the backup’s stored passwords and tokens were encrypted with, so they could not be decrypted. ' +
            (keys.credentials.source === 'environment'
              ? 'Set CREDENTIALS_KEY to the backed-up deployment’s value (`cli.js keys <file>` prints it) and restore again.'
              : 'Unset CREDENTIALS_KEY (restore then puts the backup’s key into DATA_DIR), or set it to the value `cli.js keys <file>` prints, and restore again.'),
        );
    } else if (keys.credentials.source === 'environment') {
      throw new BackupRefusedError(
        'The backed-up deployment set CREDENTIALS_KEY in its environment; set the same CREDENTIALS_KEY here (`cli.js keys <file>` prints it) and restore again.',
      );
    } else {
      await intoDataDir(CREDENTIALS_KEY_FILE, keys.credentials.value, 'credentials key');
    }
  }

  if (keys.vapid) {
    if (env.VAPID_SECRET) {
      if (env.VAPID_SECRET !== keys.vapid.value)
        plan.warnings.push(
          'VAPID_SECRET differs from the backed-up one: browsers subscribed to notifications before the backup get none until they subscribe again.',
        );
    } else {
      await intoDataDir(VAPID_SECRET_FILE, keys.vapid.value, 'VAPID secret');
    }
  }

  if (keys.session) {
    if (env.SESSION_SECRET) {
      if (env.SESSION_SECRET !== keys.session.value)
        plan.warnings.push(
          'SESSION_SECRET differs from the backed-up one: everyone signs in again, and links in digests sent before the backup no longer work.',
        );
    } else {
      await intoDataDir(SESSION_SECRET_FILE, keys.session.value, 'session secret');
    }
  }
  return plan;
}

export async function writeKeys(plan: KeyPlan): Promise<void> {
  for (const { file, value } of plan.writes) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
  }
}

/** The backup's keys as environment lines, for an operator who sets them in the environment. */
export function keysAsEnvironment(keys: BackupKeys): string {
  const lines: string[] = [];
  if (keys.credentials) lines.push(`CREDENTIALS_KEY=${credentialsKeyBytes(keys.credentials).toString('base64')}`);
  if (keys.vapid) lines.push(`VAPID_SECRET=${keys.vapid.value}`);
  if (keys.session) lines.push(`SESSION_SECRET=${keys.session.value}`);
  return lines.join('\n');
}
