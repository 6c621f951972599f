import type { ZodError } from 'zod';

/** The JSON body of every API error: a readable message, plus field details for 400s. */
export interface ApiErrorBody {
  message: string;
  errors?: { path: string; message: string }[];
}

/**
 * Turns a zod error into the API's 400 body. The message joins the distinct issue messages,
 * so a client that only shows `message` still tells the user everything that is wrong.
 */
export function toApiErrorBody(error: ZodError): ApiErrorBody {
  const errors = error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const message = [...new Set(errors.map((e) => e.message))].join('; ') || 'Invalid request';
  return { message, errors };
}
