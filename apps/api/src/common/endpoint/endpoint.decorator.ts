import type { EndpointDefinition } from '@aide/contracts';
import { applyDecorators, Body, HttpCode, Query, RequestMapping, RequestMethod, SetMetadata } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse } from '@nestjs/swagger';
import { openApiSchema } from '../openapi.util';
import { ZodValidationPipe } from '../zod-validation.pipe';

/** Where `@Endpoint` keeps the definition, for EndpointInterceptor. */
export const ENDPOINT_METADATA = 'aide:endpoint';

const defaultStatus = (definition: EndpointDefinition) =>
  definition.status ?? (definition.method === 'POST' ? 201 : 200);

/**
 * Binds a controller method to an endpoint declared in @aide/contracts: its method and path (the
 * controller itself is `@Controller()`, so the contract's path is the whole route), its success
 * status and its OpenAPI body and response. EndpointInterceptor then publishes what it invalidates.
 * Documents the other answers (404, 409 …) with `@ApiNotFoundResponse` etc. beside it, as before.
 */
export function Endpoint(definition: EndpointDefinition): MethodDecorator {
  const decorators: (MethodDecorator | ClassDecorator)[] = [
    RequestMapping({ path: definition.path, method: RequestMethod[definition.method] }),
    SetMetadata(ENDPOINT_METADATA, definition),
    ApiResponse({
      status: defaultStatus(definition),
      description: definition.summary ?? 'Success',
      ...(definition.response ? { schema: openApiSchema(definition.response, 'output') } : {}),
    }),
  ];
  if (definition.status) decorators.push(HttpCode(definition.status));
  if (definition.summary) decorators.push(ApiOperation({ summary: definition.summary }));
  if (definition.body) decorators.push(ApiBody({ schema: openApiSchema(definition.body) }));
  return applyDecorators(...decorators);
}

/** The request body, parsed with the endpoint's body schema (400 with the contract's message). */
export function EndpointBody(definition: EndpointDefinition): ParameterDecorator {
  if (!definition.body) throw new Error(`${definition.method} ${definition.path} declares no body`);
  return Body(new ZodValidationPipe(definition.body));
}

/** The query string, parsed with the endpoint's query schema (400 with the contract's message). */
export function EndpointQuery(definition: EndpointDefinition): ParameterDecorator {
  if (!definition.query) throw new Error(`${definition.method} ${definition.path} declares no query`);
  return Query(new ZodValidationPipe(definition.query));
}
