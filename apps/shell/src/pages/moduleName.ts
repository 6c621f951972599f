import type { VisitorT } from '../i18n/visitor';

/**
 * A module's name in the reader's language. The registry names modules in English ('Email Manager');
 * English shows that name as it is, the other languages name the seven modules by their id, and a
 * module they do not know keeps the registry's name.
 */
export const moduleName = (t: VisitorT, id: string, title: string) => t('remote.moduleName', { id, title });
