import type { ApiErrorBody } from '@aide/contracts';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { SESSION_COOKIE } from '../auth/session.service';
import { ADMIN_REQUIRED } from './admin.guard';
import { canonicalPath } from './canonical-path';

export type ApiDocsMode = 'off' | 'admin' | 'public';

/** The docs' pages, assets and documents: /api/docs, /api/docs/…, /api/docs-json, /api/docs-yaml. */
export const isApiDocsPath = (urlPath: string) => canonicalPath(urlPath).startsWith('/api/docs');

/**
 * 401/403 { message } on the docs' paths unless the session is an admin's, as AdminGuard answers
 * for /api/admin. Swagger's routes are mounted straight on Express (no Nest guard runs on them),
 * so this runs as middleware after the session and passport, before they are mounted.
 */
export function adminOnlyApiDocs() {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (!isApiDocsPath(request.path)) return next();
    if (!(request.isAuthenticated?.() && request.user)) {
      response.status(401).json({ message: 'Unauthorized' } satisfies ApiErrorBody);
      return;
    }
    if (request.user.role !== 'admin') {
      response.status(403).json({ message: ADMIN_REQUIRED } satisfies ApiErrorBody);
      return;
    }
    next();
  };
}

/** OpenAPI docs at /api/docs as API_DOCS says: not at all, for admins only, or for anyone. */
export function setUpApiDocs(app: NestExpressApplication, mode: ApiDocsMode): void {
  if (mode === 'off') return;
  if (mode === 'admin') app.use(adminOnlyApiDocs());
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Aide API')
      .setDescription('Sign in with POST /api/auth/login; the session cookie authorises the other calls.')
      .setVersion('0.1.0')
      .addCookieAuth(SESSION_COOKIE)
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document);
}
