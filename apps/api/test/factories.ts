import { randomBytes } from 'node:crypto';
import type { AuthUser, CreateTaskInput, RegisterInput } from '@aide/contracts';
import request from 'supertest';

export type Agent = ReturnType<typeof request.agent>;

let sequence = 0;

/** Registration details that are unique per call. */
export function buildRegistration(overrides: Partial<RegisterInput> = {}): RegisterInput {
  sequence += 1;
  return {
    email: `user${sequence}-${randomBytes(3).toString('hex')}@example.com`,
    password: 'correct horse battery staple',
    firstName: 'Test',
    lastName: `User ${sequence}`,
    ...overrides,
  };
}

export function buildTask(overrides: Partial<CreateTaskInput> = {}): CreateTaskInput {
  sequence += 1;
  return { title: `Task ${sequence}`, ...overrides };
}

export interface SignedUp {
  /** The same agent, now holding the session cookie. */
  agent: Agent;
  user: AuthUser;
  credentials: RegisterInput;
}

/** Registers an account through the API; the agent keeps its session cookie. */
export async function signUp(agent: Agent, overrides: Partial<RegisterInput> = {}): Promise<SignedUp> {
  const credentials = buildRegistration(overrides);
  const response = await agent.post('/api/auth/register').send(credentials);
  if (response.status !== 201) {
    throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return { agent, user: response.body as AuthUser, credentials };
}

/** On a fresh database: the first account (an admin, as the first ever is) and an ordinary user. */
export async function signUpAdminAndUser(http: Parameters<typeof request.agent>[0]) {
  const { agent: admin, user: adminUser } = await signUp(request.agent(http));
  const { agent: user, user: plainUser } = await signUp(request.agent(http));
  return { admin, adminId: adminUser.id, user, userId: plainUser.id };
}
