import { defineNamespace, type MessageValues } from '@aide/i18n';
import { DOCUMENT_LIMITS, DOCUMENT_MESSAGES } from '@aide/contracts';
import en from './en.json';

/** The Documents screen's texts. English is bundled; the other languages load when chosen. */
export const { useT, t } = defineNamespace('documents', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});

export type DocumentsKey = Parameters<typeof t>[0];

/** The values the contracts' messages were written with ('up to 50 documents'). */
const MESSAGE_VALUES: Partial<Record<keyof typeof DOCUMENT_MESSAGES, MessageValues>> = {
  freePlanLimit: { max: DOCUMENT_LIMITS.freePlanDocuments },
  tooManyFiles: { max: DOCUMENT_LIMITS.maxFilesPerUpload },
  tooManyTags: { max: DOCUMENT_LIMITS.tagsMax },
};

/** The contracts' English messages (toasts, validation, the API's answers) → their catalog keys. */
const MESSAGE_KEYS = new Map<string, { key: DocumentsKey; values?: MessageValues }>();
for (const [name, text] of Object.entries(DOCUMENT_MESSAGES)) {
  const key = `messages.${name}`;
  if (typeof text === 'string' && key in en)
    MESSAGE_KEYS.set(text, {
      key: key as DocumentsKey,
      values: MESSAGE_VALUES[name as keyof typeof DOCUMENT_MESSAGES],
    });
}

/** A message from @aide/contracts or the server in the reader's language; an unknown one as it came. */
export function messageText(message: string): string;
export function messageText(message: string | undefined): string | undefined;
export function messageText(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const known = MESSAGE_KEYS.get(message);
  return known ? t(known.key, known.values) : message;
}
