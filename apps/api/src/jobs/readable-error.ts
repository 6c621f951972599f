/** pg-boss's own failure reasons, in words for people. */
const KNOWN_REASONS: [RegExp, string][] = [
  [/^job timed out$|^handler execution exceeded/, 'It took too long and was stopped.'],
  [/^job heartbeat timeout$/, 'The worker running it stopped responding.'],
  [/^pg-boss shut down while active$/, 'The worker shut down while it was running.'],
];

export const READABLE_ERROR_MAX = 500;

/**
 * A one-line message from whatever a failed job left behind: a thrown Error (as pg-boss stores it,
 * { name, message, stack }), pg-boss's { value: { message } } or { value: '…' }, or a string.
 * Never a stack: it is shown to the user.
 */
export function readableError(output: unknown): string {
  const message = messageOf(output)?.split('\n')[0].trim();
  if (!message) return 'Unknown error';
  const known = KNOWN_REASONS.find(([pattern]) => pattern.test(message));
  return (known ? known[1] : message).slice(0, READABLE_ERROR_MAX);
}

function messageOf(output: unknown, depth = 0): string | undefined {
  if (typeof output === 'string') return output;
  if (output === null || typeof output !== 'object' || depth > 2) return undefined;
  const record = output as Record<string, unknown>;
  if (typeof record.message === 'string') return record.message;
  return messageOf(record.value, depth + 1);
}
