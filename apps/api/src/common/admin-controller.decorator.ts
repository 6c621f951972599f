import { Controller, UseGuards, applyDecorators } from '@nestjs/common';
import { ApiCookieAuth, ApiForbiddenResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { AdminGuard } from './admin.guard';
import { SessionAuthGuard } from './session-auth.guard';

/**
 * An admin controller (its routes, under /api/admin, come from @Endpoint): signed in (401) and
 * admin (403), documented as such.
 */
export const AdminController = () =>
  applyDecorators(
    ApiTags('admin'),
    ApiCookieAuth(),
    ApiUnauthorizedResponse({ description: 'Signed out' }),
    ApiForbiddenResponse({ description: 'Admin privileges required' }),
    UseGuards(SessionAuthGuard, AdminGuard),
    Controller(),
  );
