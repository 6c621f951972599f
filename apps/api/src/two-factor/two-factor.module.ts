import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CryptoModule } from '../common/crypto/crypto.module';
import { FeatureTogglesModule } from '../feature-toggles/feature-toggles.module';
import { UsersModule } from '../users/users.module';
import { TwoFactorEnrolmentGuard } from './two-factor-enrolment.guard';
import { TwoFactorSignInService } from './two-factor-sign-in.service';
import { TwoFactorController, TwoFactorSignInController } from './two-factor.controller';
import { TwoFactorCredentialEntity, TwoFactorRecoveryCodeEntity } from './two-factor.entities';
import { TwoFactorService } from './two-factor.service';

/** Two-factor sign-in: enrolment, the second sign-in step, and the admins' requirement. */
@Module({
  imports: [
    TypeOrmModule.forFeature([TwoFactorCredentialEntity, TwoFactorRecoveryCodeEntity]),
    CryptoModule,
    FeatureTogglesModule,
    UsersModule,
  ],
  controllers: [TwoFactorController, TwoFactorSignInController],
  providers: [TwoFactorService, TwoFactorSignInService, { provide: APP_GUARD, useClass: TwoFactorEnrolmentGuard }],
  exports: [TwoFactorSignInService],
})
export class TwoFactorModule {}
