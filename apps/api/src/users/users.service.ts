import { ConflictException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, QueryFailedError, type Repository } from 'typeorm';
import { User } from './user.entity';

export const EMAIL_TAKEN = 'An account with this email already exists';

/** Serialises account creation, so "the first account is an admin" holds under concurrent sign-ups. */
const ACCOUNT_CREATION_LOCK = 0x41494445; // 'AIDE'

export interface NewUser {
  email: string;
  passwordHash: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl?: string | null;
  /** Set when the account is signed in as it is created. */
  lastLoginAt?: Date | null;
}

@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly dataSource: DataSource,
  ) {}

  findById(id: number): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  findByEmail(email: string): Promise<User | null> {
    return this.users.findOneBy({ email: email.toLowerCase() });
  }

  /**
   * Creates an account. The first account ever created is an admin; creation holds a
   * transaction-scoped advisory lock so two first sign-ups cannot both become admin.
   * A taken email answers 409.
   */
  async create(input: NewUser): Promise<User> {
    const email = input.email.toLowerCase();
    try {
      return await this.dataSource.transaction(async (manager) => {
        await manager.query('SELECT pg_advisory_xact_lock($1)', [ACCOUNT_CREATION_LOCK]);
        const users = manager.getRepository(User);
        if (await users.existsBy({ email })) throw new ConflictException(EMAIL_TAKEN);
        const isFirst = !(await users.exists());
        return users.save(users.create({ ...input, email, role: isFirst ? 'admin' : 'user' }));
      });
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505') {
        throw new ConflictException(EMAIL_TAKEN);
      }
      throw error;
    }
  }

  /** Records a sign-in and returns the user with its new lastLoginAt. */
  async recordSignIn(user: User, at = new Date()): Promise<User> {
    await this.users.update({ id: user.id }, { lastLoginAt: at });
    return this.users.merge(user, { lastLoginAt: at });
  }
}
