import { endpoint } from '../endpoint';
import {
  acceptSuggestionResultSchema,
  acceptSuggestionSchema,
  suggestionListSchema,
  suggestionSchema,
} from '../suggestions';

/**
 * What deciding a suggestion makes stale: the suggestions themselves, and whatever it may have
 * created (an event, a task, a document, a trip) with the dashboard that counts them.
 */
const DECISION_CHANGES = [
  '/api/emails',
  '/api/documents',
  '/api/events',
  '/api/tasks',
  '/api/travel',
  '/api/dashboard',
] as const;

/** Issue 26: what a message or a document could become, accepted with one click or dismissed. */
export const suggestionEndpoints = {
  forEmail: endpoint({
    method: 'GET',
    path: '/api/emails/:id/suggestions',
    response: suggestionListSchema,
    summary:
      'What the message could become (events, tasks, documents, trip items) and what it already became, oldest first; the message is read for them the first time',
  }),
  forDocument: endpoint({
    method: 'GET',
    path: '/api/documents/:id/suggestions',
    response: suggestionListSchema,
    summary: 'What the document could become (a task for a bill) and what it already became',
  }),
  accept: endpoint({
    method: 'POST',
    path: '/api/suggestions/:id/accept',
    body: acceptSuggestionSchema,
    response: acceptSuggestionResultSchema,
    status: 200,
    invalidates: DECISION_CHANGES,
    entity: 'suggestion',
    summary: "Creates what the suggestion proposes (with the person's edits, if any) and links it to its source",
  }),
  dismiss: endpoint({
    method: 'POST',
    path: '/api/suggestions/:id/dismiss',
    response: suggestionSchema,
    status: 200,
    invalidates: ['/api/emails', '/api/documents'],
    entity: 'suggestion',
    summary: 'Dismisses the suggestion; it is not proposed again',
  }),
};
