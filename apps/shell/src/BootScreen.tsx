import { useTheme } from './theme/ThemeProvider';

/**
 * The first paint, drawn without antd while the frame's code loads: the same place, colours and
 * words as the frame's own "Loading Aide…" spinner (PageSpinner), so the hand-over is seamless.
 * Styles live in global.css (.aide-boot).
 */
export function BootScreen() {
  const { mode } = useTheme();
  return (
    <div className={`aide-boot aide-boot-${mode}`} role="status" aria-live="polite">
      <span className="aide-boot-spinner" aria-hidden="true" />
      <span>Loading Aide…</span>
    </div>
  );
}
