import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { FeatureTogglesService } from './feature-toggles.service';

/** Metadata key naming the module a controller or route belongs to; set by @RequiresModule. */
export const REQUIRED_MODULE = 'aide:requiredModule';

export const moduleNotAvailable = (moduleId: string) => `The ${moduleId} module is not available on your plan`;

/**
 * Runs after SessionAuthGuard: 403 when the route's @RequiresModule module is off for the
 * signed-in user (its toggle is read on every request, so a change applies at once).
 */
@Injectable()
export class ModuleAccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly toggles: FeatureTogglesService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const moduleId = this.reflector.getAllAndOverride<string | undefined>(REQUIRED_MODULE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!moduleId) return true;
    const user = context.switchToHttp().getRequest<Request>().user;
    if (!user) throw new UnauthorizedException('Unauthorized');
    if (await this.toggles.moduleAvailable(user, moduleId)) return true;
    throw new ForbiddenException(moduleNotAvailable(moduleId));
  }
}
