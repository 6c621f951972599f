import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from '../users/user.entity';
import { UsersModule } from '../users/users.module';
import { AccountToken } from './account-token.entity';
import { AccountTokensService } from './account-tokens.service';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';
import { AdminPasswordResetController } from './admin-password-reset.controller';
import { AppMailer } from './app-mailer.service';
import { PasswordResetController } from './password-reset.controller';
import { SessionRegistryService } from './session-registry.service';

/** Account controls: the app's own mail, email verification, password reset and change, signed-in sessions. */
@Module({
  imports: [UsersModule, TypeOrmModule.forFeature([User, AccountToken])],
  controllers: [AccountController, PasswordResetController, AdminPasswordResetController],
  providers: [AccountService, AccountTokensService, AppMailer, SessionRegistryService],
  exports: [AccountService, AppMailer, SessionRegistryService],
})
export class AccountModule {}
