import { toApiErrorBody } from '@aide/contracts';
import { type ArgumentMetadata, BadRequestException, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

export const BODY_NOT_AN_OBJECT = 'Request body must be a JSON object';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Parses a request part with a schema from @aide/contracts and hands the handler the parsed
 * (trimmed, defaulted) value. Failures answer 400 with the contract's messages via toApiErrorBody.
 */
export class ZodValidationPipe<Schema extends z.ZodType> implements PipeTransform<unknown, z.output<Schema>> {
  constructor(private readonly schema: Schema) {}

  transform(value: unknown, metadata: ArgumentMetadata): z.output<Schema> {
    // A missing body, an array or a bare JSON value is not a payload any endpoint takes.
    if (metadata.type === 'body' && !isPlainObject(value)) {
      throw new BadRequestException({ message: BODY_NOT_AN_OBJECT });
    }
    const result = this.schema.safeParse(value);
    if (!result.success) throw new BadRequestException(toApiErrorBody(result.error));
    return result.data;
  }
}
