import type { z } from 'zod';

/** The schema's complaints, one readable line each ("days.0.title: Required"). */
export const describeIssues = (error: z.ZodError) =>
  error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
