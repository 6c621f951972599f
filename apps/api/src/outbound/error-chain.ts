/** An error and its causes in one line, for the server's log: the real reason users are not told (never a password). */
export function errorChain(error: unknown): string {
  const parts: string[] = [];
  for (let current: unknown = error; current instanceof Error && parts.length < 5; current = current.cause) {
    const code = (current as NodeJS.ErrnoException).code;
    parts.push(`${current.message}${code ? ` [${code}]` : ''}`);
  }
  return parts.join(' <- ') || String(error);
}
