import type { SuggestionDrafts, SuggestionKind } from '@aide/contracts';
import type { SuggestionEntity, SuggestionResult } from './suggestion.entity';

/**
 * Creates what an accepted suggestion of one kind proposes, linked back to its source
 * (`suggestion.emailId` / `suggestion.documentId`, already checked to be the user's).
 * Throws Nest HTTP exceptions with readable messages when it cannot (e.g. the trip is gone).
 */
export interface SuggestionMaker<K extends SuggestionKind = SuggestionKind> {
  readonly kind: K;
  make(userId: number, suggestion: SuggestionEntity, draft: SuggestionDrafts[K]): Promise<SuggestionResult>;
}

/** Nest token of the makers list (suggestions.module.ts names its members). */
export const SUGGESTION_MAKERS = Symbol('SUGGESTION_MAKERS');
