import { defineNamespace, i18n } from '@aide/i18n';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import ja from './ja.json';
import zh from './zh.json';

const NAME = 'research-module';
const catalogs = { es, fr, de, ja, zh };

/**
 * The three texts of ./module (the sidebar entry and the dashboard widgets' names), in a catalog of
 * their own: every language is bundled (a few hundred bytes), so the shell's sidebar is right at once
 * in whatever language is active when this remote loads, without waiting for a download. The shell
 * reads them on each render (getters in ../../module.tsx), so they follow a change of language.
 */
export const { t } = defineNamespace(NAME, en, {
  es: () => Promise.resolve(es),
  fr: () => Promise.resolve(fr),
  de: () => Promise.resolve(de),
  ja: () => Promise.resolve(ja),
  zh: () => Promise.resolve(zh),
});

type Messages = Parameters<typeof i18n.load>[1];
for (const [locale, messages] of Object.entries(catalogs)) {
  i18n.load(
    locale,
    Object.fromEntries(Object.entries(messages).map(([key, message]) => [`${NAME}.${key}`, message])) as Messages,
  );
}
