import { toApiErrorBody } from '@aide/contracts';
import { type ArgumentMetadata, BadRequestException, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

export const BODY_NOT_AN_OBJECT = 'Request body must be a JSON object';
export const TOO_DEEPLY_NESTED = 'Request is too deeply nested';

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
    const result = this.safeParse(value);
    if (!result.success) throw new BadRequestException(toApiErrorBody(result.error));
    return result.data;
  }

  /**
   * safeParse, except that a schema check overflowing the stack on hostile input (JSON nested
   * thousands of levels deep, e.g. event metadata's size refine) answers 400, not 500.
   */
  private safeParse(value: unknown) {
    try {
      return this.schema.safeParse(value);
    } catch (error) {
      if (error instanceof RangeError) throw new BadRequestException({ message: TOO_DEEPLY_NESTED });
      throw error;
    }
  }
}
