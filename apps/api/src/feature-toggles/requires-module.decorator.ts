import { SetMetadata } from '@nestjs/common';

export const REQUIRED_MODULE = 'aide:requiredModule';

/**
 * Marks a controller or route as part of a module group; ModuleAccessGuard answers 403 when the
 * module's toggle is off for the user. Use with `@UseGuards(SessionAuthGuard, ModuleAccessGuard)`.
 */
export const RequiresModule = (moduleId: string) => SetMetadata(REQUIRED_MODULE, moduleId);
