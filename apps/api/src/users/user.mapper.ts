import type { AuthUser } from '@aide/contracts';
import type { User } from './user.entity';

/** The user as the API shows it to its owner: never the password hash. */
export function toAuthUser(user: User): AuthUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
    plan: user.plan,
    status: user.status,
    emailVerified: user.emailVerifiedAt !== null && user.emailVerifiedAt !== undefined,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}
