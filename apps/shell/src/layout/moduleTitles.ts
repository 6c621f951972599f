import { getLocale, SOURCE_LOCALE, type Translate } from '@aide/i18n';
import { useT, type t as shellT } from '../i18n';

type ShellKey = Parameters<typeof shellT>[0];

/** The built-in modules' titles by module id (the registry's titles are English). */
const MODULE_TITLES: Record<string, ShellKey> = {
  organiser: 'modules.organiser',
  email: 'modules.email',
  documents: 'modules.documents',
  research: 'modules.research',
  social: 'modules.social',
  travel: 'modules.travel',
  website: 'modules.website',
};

/** A module with several sidebar entries names each by its path. */
const NAV_LABELS: Record<string, Record<string, ShellKey>> = {
  organiser: { '/': 'nav.dashboard', '/tasks': 'nav.tasks', '/calendar': 'nav.calendar' },
};

/**
 * A module's title in the reader's language. English shows the registry's own title (its words are
 * the source); a module the shell does not know keeps the registry's title in every language.
 */
export function moduleTitle(t: Translate<ShellKey>, id: string, fallback: string): string {
  const key = MODULE_TITLES[id];
  return key && getLocale() !== SOURCE_LOCALE ? t(key) : fallback;
}

/** A sidebar entry's label: by module and path for the built-in modules, else the remote's own label. */
export function navLabel(
  t: Translate<ShellKey>,
  item: { moduleId?: string; path: string; label: string; failed?: boolean },
): string {
  if (!item.moduleId) return item.label;
  const byPath = NAV_LABELS[item.moduleId]?.[item.path];
  if (byPath && !item.failed) return t(byPath);
  return moduleTitle(t, item.moduleId, item.label);
}

/** moduleTitle in a component, with the shell's catalog: `const titleOf = useModuleTitle(); titleOf(id, title)`. */
export function useModuleTitle(): (id: string, fallback: string) => string {
  const t = useT();
  return (id, fallback) => moduleTitle(t, id, fallback);
}
