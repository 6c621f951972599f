import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ThrottlerModule } from '@nestjs/throttler';
import { UsersModule } from '../users/users.module';
import { authThrottlerOptions } from './auth-rate-limit';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { SessionSerializer } from './session.serializer';
import { SessionService } from './session.service';

@Module({
  imports: [UsersModule, ThrottlerModule.forRootAsync({ inject: [ConfigService], useFactory: authThrottlerOptions })],
  controllers: [AuthController],
  providers: [AuthService, SessionSerializer, SessionService],
  exports: [SessionService],
})
export class AuthModule {}
