import type { EndpointDefinition } from '@aide/contracts';
import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  InternalServerErrorException,
  Logger,
  type NestInterceptor,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { concatMap, type Observable } from 'rxjs';
import type { Env } from '../../config/env.schema';
import { StreamService } from '../../stream/stream.service';
import { ENDPOINT_METADATA } from './endpoint.decorator';

/** The row a change touched: the route's numeric :id, else the answer's numeric id. */
function touchedRow(request: Request, body: unknown): number | null {
  const fromPath = Number(request.params.id);
  if (Number.isInteger(fromPath) && fromPath > 0) return fromPath;
  const fromBody = (body as { id?: unknown } | null | undefined)?.id;
  return typeof fromBody === 'number' ? fromBody : null;
}

/**
 * Registered once, globally. After a contract-bound handler succeeds:
 * - a change (any method but GET) tells the user's other tabs and devices to refetch the
 *   endpoint's `invalidates` paths (GET /api/stream), before the response goes out;
 * - under NODE_ENV=test, the answer must match the endpoint's response schema (as JSON, the way a
 *   client reads it), else 500: an API test then fails instead of a client at run time.
 */
@Injectable()
export class EndpointInterceptor implements NestInterceptor {
  private readonly logger = new Logger(EndpointInterceptor.name);
  private readonly checkResponses: boolean;

  constructor(
    private readonly reflector: Reflector,
    private readonly stream: StreamService,
    config: ConfigService<Env, true>,
  ) {
    this.checkResponses = config.get('NODE_ENV', { infer: true }) === 'test';
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const definition = this.reflector.get<EndpointDefinition | undefined>(ENDPOINT_METADATA, context.getHandler());
    if (!definition || context.getType() !== 'http') return next.handle();
    // Nothing to do after the handler (a read, or a change that invalidates nothing, outside tests):
    // no operator and promise per request.
    if (!this.checkResponses && (definition.method === 'GET' || !definition.invalidates?.length)) return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    return next.handle().pipe(
      concatMap(async (body: unknown) => {
        if (this.checkResponses) this.checkResponse(definition, body);
        const invalidate = definition.invalidates ?? [];
        if (definition.method !== 'GET' && invalidate.length > 0 && request.user) {
          const id = touchedRow(request, body);
          await this.stream.publishQuietly([
            {
              userId: request.user.id,
              event: {
                type: 'entity.changed',
                entity: definition.entity && id !== null ? { type: definition.entity, id } : null,
                invalidate: [...invalidate],
              },
            },
          ]);
        }
        return body;
      }),
    );
  }

  private checkResponse(definition: EndpointDefinition, body: unknown): void {
    if (!definition.response || body === undefined) return;
    const asJson: unknown = JSON.parse(JSON.stringify(body));
    const checked = definition.response.safeParse(asJson);
    if (checked.success) return;
    const where = `${definition.method} ${definition.path}`;
    const issues = checked.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    this.logger.error(`${where} answered outside its contract: ${issues.slice(0, 5).join('; ')}`);
    throw new InternalServerErrorException({ message: `${where} answered outside its contract` });
  }
}
