import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ThrottlerModule } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Env } from '../config/env.schema';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { StoreThrottlerStorage } from '../rate-limit/store-throttler-storage';
import { TwoFactorModule } from '../two-factor/two-factor.module';
import { AccountModule } from '../account/account.module';
import { UsersModule } from '../users/users.module';
import { authThrottlerOptions } from './auth-rate-limit';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LocalSignInGuard } from './local-sign-in.guard';
import { LocalStrategy } from './local.strategy';
import { OidcAccountService } from './oidc-account.service';
import { OidcClientService } from './oidc-client.service';
import { OidcSignInController } from './oidc-sign-in.controller';
import { SessionSerializer } from './session.serializer';
import { SessionService } from './session.service';
import { UserIdentity } from './user-identity.entity';

@Module({
  imports: [
    UsersModule,
    TwoFactorModule,
    AccountModule,
    TypeOrmModule.forFeature([UserIdentity]),
    ThrottlerModule.forRootAsync({
      inject: [ConfigService, RateLimitService],
      useFactory: (config: ConfigService<Env, true>, limits: RateLimitService) => ({
        ...authThrottlerOptions(config),
        // RATE_LIMIT_STORE: this process's memory, or counters every instance shares.
        storage: new StoreThrottlerStorage(limits.store),
      }),
    }),
  ],
  controllers: [AuthController, OidcSignInController],
  providers: [
    AuthService,
    LocalStrategy,
    LocalSignInGuard,
    SessionSerializer,
    SessionService,
    OidcClientService,
    OidcAccountService,
  ],
  exports: [SessionService],
})
export class AuthModule {}
