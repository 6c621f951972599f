import { parseEnv } from '../config/env.schema';
import { settingsEveryInstanceNeeds } from './per-instance-state';

describe('settingsEveryInstanceNeeds', () => {
  it('asks for nothing with the embedded database (one instance by construction)', () => {
    expect(settingsEveryInstanceNeeds(parseEnv({}))).toEqual([]);
  });

  it('names the generated secrets and the local document folder when instances may share a DATABASE_URL', () => {
    expect(settingsEveryInstanceNeeds(parseEnv({ DATABASE_URL: 'postgres://db/aide' }))).toEqual([
      'SESSION_SECRET (else DATA_DIR/session-secret)',
      'CREDENTIALS_KEY (else DATA_DIR/credentials-key)',
      'VAPID_SECRET (else DATA_DIR/vapid-secret)',
      'DOCUMENT_STORAGE=s3 (else documents in a local folder)',
    ]);
  });

  it('asks for nothing once every instance gets them from the environment', () => {
    const env = parseEnv({
      DATABASE_URL: 'postgres://db/aide',
      SESSION_SECRET: 's'.repeat(32),
      CREDENTIALS_KEY: Buffer.alloc(32, 7).toString('base64'),
      VAPID_SECRET: 'v'.repeat(32),
      DOCUMENT_STORAGE: 's3',
      S3_BUCKET: 'aide',
    });
    expect(settingsEveryInstanceNeeds(env)).toEqual([]);
  });
});
