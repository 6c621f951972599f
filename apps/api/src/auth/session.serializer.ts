import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';

type Done<T> = (error: unknown, value?: T) => void;

/**
 * The session holds only the user id; the user is loaded on every request, so a role or plan
 * change applies at once and a deleted account is signed out.
 */
@Injectable()
export class SessionSerializer extends PassportSerializer implements OnApplicationShutdown {
  private closed = false;

  constructor(private readonly users: UsersService) {
    super();
  }

  serializeUser(user: User, done: Done<number>): void {
    if (this.closed) return done('pass');
    done(null, user.id);
  }

  deserializeUser(id: unknown, done: Done<User | false>): void {
    if (this.closed) return done('pass');
    if (typeof id !== 'number') return done(null, false);
    this.users.findById(id).then((user) => done(null, user ?? false), done);
  }

  /**
   * passport is a process-wide singleton: once this app is closed, its (de)serializers answer
   * 'pass' so passport asks the next app's (several apps share a process in tests).
   */
  onApplicationShutdown(): void {
    this.closed = true;
  }
}
