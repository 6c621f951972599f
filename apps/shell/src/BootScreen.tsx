import type { Locale } from '@aide/i18n/locales';
import { useTheme } from './theme/ThemeProvider';

// The first paint cannot wait for a catalog, so its one sentence is here in all six languages
// (the same words as the shell catalog's `frame.loading`).
const LOADING: Record<Locale, string> = {
  en: 'Loading Aide…',
  es: 'Cargando Aide…',
  fr: 'Chargement d’Aide…',
  de: 'Aide wird geladen …',
  ja: 'Aide を読み込んでいます…',
  zh: '正在加载 Aide…',
};

/**
 * The first paint, drawn without antd while the frame's code loads: the same place, colours and
 * words as the frame's own "Loading Aide…" spinner (PageSpinner), so the hand-over is seamless.
 * Styles live in global.css (.aide-boot).
 */
export function BootScreen({ locale }: { locale: Locale }) {
  const { mode } = useTheme();
  return (
    <div className={`aide-boot aide-boot-${mode}`} role="status" aria-live="polite">
      <span className="aide-boot-spinner" aria-hidden="true" />
      <span>{LOADING[locale]}</span>
    </div>
  );
}
