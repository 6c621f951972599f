/**
 * The text for a LIKE / ILIKE pattern with its wildcards taken literally: `%`, `_` and the escape
 * character `\` (Postgres' default ESCAPE) each get a backslash. Search boxes pass what users type.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A pattern matching the text anywhere (`%text%`), its wildcards taken literally. */
export const likeContaining = (text: string): string => `%${escapeLike(text)}%`;

/** A pattern matching values that start with the text (`text%`), its wildcards taken literally. */
export const likeStartingWith = (text: string): string => `${escapeLike(text)}%`;
