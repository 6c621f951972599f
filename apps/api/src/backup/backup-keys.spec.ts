import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { credentialsKeyFromSecret } from '../common/crypto/credentials-key';
import { BackupRefusedError } from './backup-format';
import { type BackupKeys, keysAsEnvironment, planKeys, readKeys, writeKeys } from './backup-keys';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'aide-backup-keys-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const generated: BackupKeys = {
  credentials: { source: 'data-dir', value: 'generated-credentials-secret' },
  vapid: { source: 'data-dir', value: 'generated-vapid-secret-of-enough-length' },
};

describe('backup keys', () => {
  it('reads the generated keys from DATA_DIR, environment ones from the environment, the session secret only when asked', async () => {
    expect(await readKeys({ DATA_DIR: dataDir }, false)).toEqual({ credentials: null, vapid: null });
    await writeFile(path.join(dataDir, 'credentials-key'), 'secret-one\n');
    await writeFile(path.join(dataDir, 'session-secret'), 'session-one\n');
    const configured = randomBytes(32).toString('base64');
    expect(await readKeys({ DATA_DIR: dataDir, VAPID_SECRET: 'v'.repeat(32) }, true)).toEqual({
      credentials: { source: 'data-dir', value: 'secret-one' },
      vapid: { source: 'environment', value: 'v'.repeat(32) },
      session: { source: 'data-dir', value: 'session-one' },
    });
    expect((await readKeys({ DATA_DIR: dataDir, CREDENTIALS_KEY: configured }, false)).credentials).toEqual({
      source: 'environment',
      value: configured,
    });
  });

  it('puts generated keys into an empty DATA_DIR, mode 0600', async () => {
    const plan = await planKeys(generated, { DATA_DIR: dataDir });
    expect(plan.warnings).toEqual([]);
    await writeKeys(plan);
    expect(await readFile(path.join(dataDir, 'credentials-key'), 'utf8')).toBe('generated-credentials-secret\n');
    expect((await stat(path.join(dataDir, 'vapid-secret'))).mode & 0o777).toBe(0o600);
  });

  it('accepts CREDENTIALS_KEY when it is the same key, and refuses a different one or a DATA_DIR of another deployment', async () => {
    const same = credentialsKeyFromSecret('generated-credentials-secret').toString('base64');
    expect(
      (await planKeys(generated, { DATA_DIR: dataDir, CREDENTIALS_KEY: same })).writes.map((w) =>
        path.basename(w.file),
      ),
    ).toEqual(['vapid-secret']);
    await expect(
      planKeys(generated, { DATA_DIR: dataDir, CREDENTIALS_KEY: randomBytes(32).toString('base64') }),
    ).rejects.toThrow(/^CREDENTIALS_KEY is set to a different key/);
    await writeFile(path.join(dataDir, 'credentials-key'), 'someone-else\n');
    await expect(planKeys(generated, { DATA_DIR: dataDir })).rejects.toBeInstanceOf(BackupRefusedError);
  });

  it('asks for the environment key the backed-up deployment set, and prints it', async () => {
    const configured = randomBytes(32).toString('base64');
    const keys: BackupKeys = { credentials: { source: 'environment', value: configured }, vapid: null };
    await expect(planKeys(keys, { DATA_DIR: dataDir })).rejects.toThrow(
      /^The backed-up deployment set CREDENTIALS_KEY in its environment; set the same CREDENTIALS_KEY here/,
    );
    expect(keysAsEnvironment(keys)).toBe(`CREDENTIALS_KEY=${configured}`);
    expect(keysAsEnvironment(generated)).toContain(
      `CREDENTIALS_KEY=${credentialsKeyFromSecret('generated-credentials-secret').toString('base64')}`,
    );
  });

  it('warns, rather than refuses, when VAPID_SECRET or SESSION_SECRET differ', async () => {
    const plan = await planKeys(
      { ...generated, session: { source: 'data-dir', value: 'old-session' } },
      { DATA_DIR: dataDir, VAPID_SECRET: 'x'.repeat(32), SESSION_SECRET: 'y'.repeat(32) },
    );
    expect(plan.warnings).toHaveLength(2);
    expect(plan.writes.map((w) => path.basename(w.file))).toEqual(['credentials-key']);
  });
});
