import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Env } from '../../config/env.schema';
import { CredentialsCipher } from './credentials-cipher';
import { loadCredentialsKey } from './credentials-key';

/** Provides the CredentialsCipher for integrations that store passwords or tokens. */
@Module({
  providers: [
    {
      provide: CredentialsCipher,
      inject: [ConfigService],
      useFactory: async (config: ConfigService<Env, true>) =>
        new CredentialsCipher(
          await loadCredentialsKey(
            config.get('CREDENTIALS_KEY', { infer: true }),
            config.get('DATA_DIR', { infer: true }),
          ),
        ),
    },
  ],
  exports: [CredentialsCipher],
})
export class CryptoModule {}
