import type { loginSchema, registerSchema } from '@aide/contracts';
import { Injectable, UnauthorizedException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { verify } from 'argon2';
import type { z } from 'zod';
import type { Env } from '../config/env.schema';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { hashPassword } from './password-hash';

export const INVALID_CREDENTIALS = 'Invalid email or password';

export type RegisterPayload = z.output<typeof registerSchema>;
export type LoginPayload = z.output<typeof loginSchema>;

@Injectable()
export class AuthService {
  /** Verified against when the email is unknown, so both failures take the same time. */
  private decoyHash?: Promise<string>;

  private readonly hashing: Env['PASSWORD_HASHING'];

  constructor(
    private readonly users: UsersService,
    config: ConfigService<Env, true>,
  ) {
    this.hashing = config.get('PASSWORD_HASHING', { infer: true });
  }

  /** Creates an email + password account (argon2id), signed in as of now. 409 if the email is taken. */
  async register(input: RegisterPayload): Promise<User> {
    return this.users.create({
      email: input.email,
      passwordHash: await hashPassword(input.password, this.hashing),
      firstName: input.firstName,
      lastName: input.lastName,
      lastLoginAt: new Date(),
    });
  }

  /** The account for these credentials, with the sign-in recorded; 401 for a wrong email or password. */
  async signIn({ email, password }: LoginPayload): Promise<User> {
    const user = await this.users.findByEmail(email);
    const matches = user?.passwordHash
      ? await verify(user.passwordHash, password)
      : await verify(await this.decoy(), password).then(() => false);
    if (!user || !matches) throw new UnauthorizedException(INVALID_CREDENTIALS);
    return this.users.recordSignIn(user);
  }

  private decoy(): Promise<string> {
    return (this.decoyHash ??= hashPassword('decoy password for unknown accounts', this.hashing));
  }
}
