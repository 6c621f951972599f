import {
  BadGatewayException,
  GatewayTimeoutException,
  type HttpException,
  NotImplementedException,
} from '@nestjs/common';

/** Base of every AI failure, so callers can catch them apart from their own errors. */
export class AiError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The model answered, but not with a value the schema accepts (after repair and retries). */
export class AiOutputError extends AiError {
  constructor(
    readonly task: string,
    /** The schema's complaints about the last answer, one per line. */
    readonly issues: string[],
    /** The start of the last answer, for logs (never shown to users). */
    readonly lastAnswer: string,
  ) {
    super(`The AI answer for "${task}" did not match the expected shape: ${issues.slice(0, 3).join('; ')}`);
  }
}

export type AiRequestFailure = 'timeout' | 'http' | 'network' | 'rate-limited' | 'cancelled';

/** The model server could not be reached or refused the request (after bounded retries). */
export class AiRequestError extends AiError {
  constructor(
    message: string,
    readonly failure: AiRequestFailure,
    /** HTTP status, when the server answered. */
    readonly status?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The offline engine has no template for a `generate` task. */
export class AiNoTemplateError extends AiError {
  constructor(readonly task: string) {
    super(`No offline template for task ${task}; configure AI_BASE_URL to use a model`);
  }
}

/**
 * A readable HTTP error for an AI failure, for controllers: a bad or missing model answer is the
 * upstream's fault (502/504), a task nobody can do offline is 501. Anything else is rethrown as is.
 */
export function toAiHttpException(error: unknown): HttpException | unknown {
  if (error instanceof AiOutputError)
    return new BadGatewayException('The AI model gave an answer that could not be used; please try again', {
      cause: error,
    });
  if (error instanceof AiRequestError) {
    if (error.failure === 'timeout')
      return new GatewayTimeoutException('The AI model did not answer in time', { cause: error });
    return new BadGatewayException(`The AI model could not be reached: ${error.message}`, { cause: error });
  }
  if (error instanceof AiNoTemplateError) return new NotImplementedException(error.message, { cause: error });
  return error;
}
