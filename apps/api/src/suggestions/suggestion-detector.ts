import type { SuggestionDrafts, SuggestionKind, SuggestionOrigin } from '@aide/contracts';
import type { DocumentEntity } from '../documents/document.entity';
import type { EmailEntity } from '../email/email.entity';

/** What a detector may take for granted about the person it reads for. */
export interface DetectionContext {
  userId: number;
  /** The profile's IANA timezone: dates without a zone are theirs, and details are written in it. */
  timezone: string;
  /** The moment of reading (tests fix it). */
  now: Date;
}

/** One thing a source could become, before it is stored as a suggestion. */
export type SuggestionCandidate = {
  [K in SuggestionKind]: {
    kind: K;
    origin: SuggestionOrigin;
    /**
     * The detector's stable name for the thing within its source (e.g. 'flight:BA117:2026-12-02'):
     * reading the source again gives the same key, so it is not proposed twice.
     */
    key: string;
    /** What the card says, a phrase a person would write ('Flight BA117 from London to New York'). */
    title: string;
    /** One line under it, or null. */
    detail: string | null;
    draft: SuggestionDrafts[K];
  };
}[SuggestionKind];

/** Reads a message for what it could become; never throws for odd input (the caller logs if it does). */
export interface EmailDetector {
  readonly name: string;
  fromEmail(email: EmailEntity, context: DetectionContext): Promise<SuggestionCandidate[]> | SuggestionCandidate[];
}

/** Reads a document (its extracted or recognised text in `content`) for what it could become. */
export interface DocumentDetector {
  readonly name: string;
  fromDocument(
    document: DocumentEntity,
    context: DetectionContext,
  ): Promise<SuggestionCandidate[]> | SuggestionCandidate[];
}

/** Nest tokens of the detector lists (suggestions.module.ts names their members). */
export const EMAIL_DETECTORS = Symbol('EMAIL_DETECTORS');
export const DOCUMENT_DETECTORS = Symbol('DOCUMENT_DETECTORS');
