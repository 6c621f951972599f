import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiForbiddenResponse } from '@nestjs/swagger';
import { SessionAuthGuard } from '../common/session-auth.guard';
import { ModuleAccessGuard, moduleNotAvailable, REQUIRED_MODULE } from './module-access.guard';

export { REQUIRED_MODULE };

/**
 * Puts a controller or route in a module group: signed in (401, SessionAuthGuard), and 403 when
 * the module's toggle is off for the user (ModuleAccessGuard), documented as such. The using
 * module imports FeatureTogglesModule, whose FeatureTogglesService the guard needs.
 */
export const RequiresModule = (moduleId: string) =>
  applyDecorators(
    SetMetadata(REQUIRED_MODULE, moduleId),
    UseGuards(SessionAuthGuard, ModuleAccessGuard),
    ApiForbiddenResponse({ description: moduleNotAvailable(moduleId) }),
  );
