import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readOrCreateSecret } from './secret-file.util';

describe('readOrCreateSecret', () => {
  let dir: string;
  beforeEach(async () => (dir = await mkdtemp(path.join(os.tmpdir(), 'aide-secret-'))));
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('creates a long random secret readable only by its owner, then keeps returning it', async () => {
    const file = path.join(dir, 'nested', 'session-secret');
    const secret = await readOrCreateSecret(file);
    expect(secret).toMatch(/^[\w-]{64}$/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readOrCreateSecret(file)).toBe(secret);
  });

  it('gives processes that create it at the same time the same secret', async () => {
    const file = path.join(dir, 'session-secret');
    const secrets = await Promise.all([readOrCreateSecret(file), readOrCreateSecret(file), readOrCreateSecret(file)]);
    expect(new Set(secrets).size).toBe(1);
  });
});
