import { createECDH, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadVapidKeys, VAPID_SECRET_FILE, vapidKeysFromSecret } from './vapid-keys';

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR and read back the same, by every process sharing it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'aide-vapid-'));
    try {
      const [a, b] = await Promise.all([loadVapidKeys(undefined, dir), loadVapidKeys(undefined, dir)]);
      expect(b).toEqual(a);
      expect(await loadVapidKeys(undefined, dir)).toEqual(a);
      // VAPID_SECRET set: that one, the file unused.
      expect(await loadVapidKeys('x'.repeat(32), dir)).toEqual(vapidKeysFromSecret('x'.repeat(32)));
      expect(await loadVapidKeys('x'.repeat(32), dir)).not.toEqual(a);
      expect((await readFile(path.join(dir, VAPID_SECRET_FILE), 'utf8')).trim()).toHaveLength(64);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('are a P-256 pair: the public key is the private one’s point, and signs what it verifies', () => {
    const keys = vapidKeysFromSecret('a secret of the kind readOrCreateSecret writes');
    expect(vapidKeysFromSecret('a secret of the kind readOrCreateSecret writes')).toEqual(keys);
    expect(vapidKeysFromSecret('another secret')).not.toEqual(keys);
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
    expect(ecdh.getPublicKey().toString('base64url')).toBe(keys.publicKey);

    const point = Buffer.from(keys.publicKey, 'base64url');
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    };
    const privateKey = createPrivateKey({ key: { ...jwk, d: keys.privateKey }, format: 'jwk' });
    const signature = sign('sha256', Buffer.from('claims'), privateKey);
    expect(verify('sha256', Buffer.from('claims'), createPublicKey({ key: jwk, format: 'jwk' }), signature)).toBe(true);
  });
});
