import { createECDH, hkdfSync } from 'node:crypto';
import path from 'node:path';
import { readOrCreateSecret } from '../common/secret-file.util';

/** The generated secret's file in DATA_DIR the VAPID key pair comes from (like the session secret). */
export const VAPID_SECRET_FILE = 'vapid-secret';

/** A VAPID key pair (RFC 8292) as web-push takes it: the P-256 private scalar and the uncompressed public point, base64url. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID key pair, derived from VAPID_SECRET or, when unset, a secret generated once
 * into DATA_DIR (readOrCreateSecret, as the session secret is): it survives restarts, and every API
 * process signs with the same key, which browsers' subscriptions are bound to. The P-256 private key is the
 * secret stretched with HKDF; the rare 32 bytes that are not a valid scalar move on to the next counter.
 */
export async function loadVapidKeys(configured: string | undefined, dataDir: string): Promise<VapidKeys> {
  const secret = configured ?? (await readOrCreateSecret(path.join(dataDir, VAPID_SECRET_FILE)));
  return vapidKeysFromSecret(secret);
}

export function vapidKeysFromSecret(secret: string): VapidKeys {
  for (let counter = 0; ; counter++) {
    const scalar = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `aide vapid key ${counter}`, 32));
    const ecdh = createECDH('prime256v1');
    try {
      ecdh.setPrivateKey(scalar);
    } catch {
      continue; // zero or not below the curve order
    }
    return { privateKey: scalar.toString('base64url'), publicKey: ecdh.getPublicKey().toString('base64url') };
  }
}
