import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import type { Request } from 'express';

export const ADMIN_REQUIRED = 'Admin privileges required';

/** Admins only: 401 { message: 'Unauthorized' } signed out, 403 'Admin privileges required' for anyone else. */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (!(request.isAuthenticated?.() && request.user)) throw new UnauthorizedException('Unauthorized');
    if (request.user.role !== 'admin') throw new ForbiddenException(ADMIN_REQUIRED);
    return true;
  }
}
