import type { QuickAddDraft, QuickAddLocale } from './parseQuickAdd';

/** A ready reader for one language: parse a line, or switch a draft to the other kind. */
export interface QuickAddEngine {
  parse: (text: string, context: { now: Date; timezone: string }) => QuickAddDraft;
  asKind: (
    draft: QuickAddDraft,
    kind: QuickAddDraft['kind'],
    context: { now: Date; timezone: string },
  ) => QuickAddDraft;
}

/**
 * Loads the reader and chrono-node's parsers for `locale` the first time the quick add is used, so
 * none of it is in the chunks of the screens that show the box.
 */
export async function loadQuickAddEngine(locale: QuickAddLocale): Promise<QuickAddEngine> {
  const [{ parseQuickAdd, asKind }, { loadQuickAddParsers }] = await Promise.all([
    import('./parseQuickAdd'),
    import('./loadParsers'),
  ]);
  const parsers = await loadQuickAddParsers(locale);
  return { parse: (text, context) => parseQuickAdd(text, { ...context, locale, parsers }), asKind };
}
