import type { AuthUser, UserPlan, UserRole } from '@aide/contracts';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { isUniqueViolation } from '../common/db-errors.util';
import { User } from './user.entity';
import { toAuthUser } from './user.mapper';

export const EMAIL_TAKEN = 'An account with this email already exists';
export const USER_NOT_FOUND = 'User not found';
export const LAST_ADMIN = 'The last admin cannot be demoted';

/** Serialises account creation, so "the first account is an admin" holds under concurrent sign-ups. */
const ACCOUNT_CREATION_LOCK = 0x41494445; // 'AIDE'
/** Serialises role changes, so two admins demoting each other at once cannot leave none. */
export const ROLE_CHANGE_LOCK = 0x524f4c45; // 'ROLE'

export interface NewUser {
  email: string;
  passwordHash: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl?: string | null;
  /** Set when the account is signed in as it is created. */
  lastLoginAt?: Date | null;
  /** Set when the address is known to be the owner's (an issuer verified it). */
  emailVerifiedAt?: Date | null;
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
   * A taken email answers 409. `alongside` writes more rows in the same transaction (an OpenID
   * Connect identity), so the account never exists without them.
   */
  async create(input: NewUser, alongside?: (manager: EntityManager, user: User) => Promise<void>): Promise<User> {
    const email = input.email.toLowerCase();
    try {
      return await this.dataSource.transaction(async (manager) => {
        await manager.query('SELECT pg_advisory_xact_lock($1)', [ACCOUNT_CREATION_LOCK]);
        const users = manager.getRepository(User);
        if (await users.existsBy({ email })) throw new ConflictException(EMAIL_TAKEN);
        const isFirst = !(await users.exists());
        const passwordSetAt = input.passwordHash ? new Date() : null;
        const user = await users.save(
          users.create({ ...input, email, passwordSetAt, role: isFirst ? 'admin' : 'user' }),
        );
        await alongside?.(manager, user);
        return user;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(EMAIL_TAKEN);
      throw error;
    }
  }

  /** Records a sign-in and returns the user with its new lastLoginAt. */
  async recordSignIn(user: User, at = new Date()): Promise<User> {
    await this.users.update({ id: user.id }, { lastLoginAt: at });
    return this.users.merge(user, { lastLoginAt: at });
  }

  /**
   * Every account as admins see it (never a hash), oldest first: by id, the order in which
   * accounts were actually created (createdAt is when their transaction began).
   */
  async list(): Promise<AuthUser[]> {
    return (await this.users.find({ order: { id: 'ASC' } })).map(toAuthUser);
  }

  /**
   * Sets a user's role. 404 if unknown; 409 when it would demote the last admin. Role changes
   * hold a transaction-scoped advisory lock, so concurrent demotions are counted one after another.
   * Only the role column is written, so a concurrent change to another column is not lost.
   */
  async updateRole(id: number, role: UserRole): Promise<AuthUser> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [ROLE_CHANGE_LOCK]);
      const users = manager.getRepository(User);
      const user = await users.findOneBy({ id });
      if (!user) throw new NotFoundException(USER_NOT_FOUND);
      if (user.role === role) return toAuthUser(user);
      if (user.role === 'admin' && (await users.countBy({ role: 'admin' })) <= 1)
        throw new ConflictException(LAST_ADMIN);
      return this.updateColumns(users, id, { role });
    });
  }

  /** Sets a user's plan (that column only). 404 if unknown. */
  updatePlan(id: number, plan: UserPlan): Promise<AuthUser> {
    return this.updateColumns(this.users, id, { plan });
  }

  /** Writes only `changes` (and updatedAt), never the other columns of a copy read earlier, and returns the row as stored. 404 if unknown. */
  private async updateColumns(
    users: Repository<User>,
    id: number,
    changes: Pick<Partial<User>, 'role' | 'plan'>,
  ): Promise<AuthUser> {
    const { affected } = await users.update({ id }, changes);
    const user = affected ? await users.findOneBy({ id }) : null;
    if (!user) throw new NotFoundException(USER_NOT_FOUND);
    return toAuthUser(user);
  }
}
