import type { Suggestion } from '@aide/contracts';
import type { SuggestionEntity } from './suggestion.entity';

/** The API's view of a suggestion row; the draft is the kind's (checked when it was stored). */
export function toSuggestion(row: SuggestionEntity): Suggestion {
  return {
    id: row.id,
    kind: row.kind,
    origin: row.origin,
    status: row.status,
    emailId: row.emailId,
    documentId: row.documentId,
    title: row.title,
    detail: row.detail,
    draft: row.draft,
    result: row.result,
    decidedBy: row.decidedBy,
    createdAt: row.createdAt.toISOString(),
  } as Suggestion;
}
