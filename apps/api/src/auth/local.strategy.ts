import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import type { User } from '../users/user.entity';
import { AuthService } from './auth.service';

/**
 * Email + password sign-in as a passport-local strategy. validate() throws 401 'Invalid email or
 * password' (AuthService.signIn), which passport hands to LocalSignInGuard as the error.
 */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(private readonly auth: AuthService) {
    super({ usernameField: 'email', passwordField: 'password', session: false });
  }

  validate(email: string, password: string): Promise<User> {
    return this.auth.signIn({ email, password });
  }
}
