/** The form's validation messages (the contracts' English) in the language shown. */
import { RESEARCH_LIMITS, RESEARCH_MESSAGES } from '@aide/contracts';
import type { ResearchT } from '../i18n';

/** A message the contracts' schemas give, in the language shown; an unknown one as it is. */
export function localizedError(message: string, t: ResearchT): string {
  switch (message) {
    case RESEARCH_MESSAGES.topicRequired:
      return t('error.topicRequired');
    case `Research topic must be at most ${RESEARCH_LIMITS.topicMax} characters`:
      return t('error.topicTooLong', { max: RESEARCH_LIMITS.topicMax });
    case 'Research topic must not contain NUL characters':
      return t('error.topicInvalid');
    case 'Too many tags':
      return t('error.tooManyTags');
    default:
      return message;
  }
}

/** useFormFields' item props with the message translated. */
export function localizedItem<T extends { help?: string }>(item: T, t: ResearchT): T {
  return item.help ? { ...item, help: localizedError(item.help, t) } : item;
}
