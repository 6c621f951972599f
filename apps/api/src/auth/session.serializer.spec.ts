import 'reflect-metadata';
import type { User } from '../users/user.entity';
import type { UsersService } from '../users/users.service';
import { SessionSerializer } from './session.serializer';

const ada = { id: 7, email: 'ada@example.com' } as User;
const users = { findById: async (id: number) => (id === ada.id ? ada : null) } as unknown as UsersService;
const call = <T>(fn: (done: (error: unknown, value?: T) => void) => void) =>
  new Promise<[unknown, T | undefined]>((resolve) => fn((error, value) => resolve([error, value])));

describe('SessionSerializer', () => {
  it('stores only the user id and loads the user from it', async () => {
    const serializer = new SessionSerializer(users);
    expect(await call<number>((done) => serializer.serializeUser(ada, done))).toEqual([null, 7]);
    expect(await call((done) => serializer.deserializeUser(7, done))).toEqual([null, ada]);
  });

  it('treats a session whose user no longer exists, or a malformed one, as signed out', async () => {
    const serializer = new SessionSerializer(users);
    expect(await call((done) => serializer.deserializeUser(999, done))).toEqual([null, false]);
    expect(await call((done) => serializer.deserializeUser('7', done))).toEqual([null, false]);
  });

  it("passes to the next app's serializer once its app has shut down", async () => {
    const serializer = new SessionSerializer(users);
    serializer.onApplicationShutdown();
    expect(await call((done) => serializer.serializeUser(ada, done))).toEqual(['pass', undefined]);
    expect(await call((done) => serializer.deserializeUser(7, done))).toEqual(['pass', undefined]);
  });
});
