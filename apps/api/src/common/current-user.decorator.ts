import { createParamDecorator, type ExecutionContext, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import type { User as UserEntity } from '../users/user.entity';

declare global {
  // passport's `req.user` is the entity the session serializer loads on each request.
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Express's request types live in a global namespace; augmenting them takes one
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging into Express.User takes an interface; it adds nothing of its own
    interface User extends UserEntity {}
  }
}

/** The signed-in user, loaded fresh from the database for this request. Use behind SessionAuthGuard. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): UserEntity => {
  const user = context.switchToHttp().getRequest<Request>().user;
  if (!user) throw new UnauthorizedException('Unauthorized');
  return user;
});
