/** Formats for the dashboard's figures (spec: website views as thousands with one decimal and 'k'). */
export const thousands = (n: number) => `${(n / 1000).toFixed(1)}k`;

/** '+2', '0' → '+0', '-3': the sign is always shown. */
export const signed = (n: number) => `${n >= 0 ? '+' : ''}${n}`;

/** Whole hours as '1h', otherwise one decimal: '1.5h'. */
export const hours = (minutes: number) => {
  const h = minutes / 60;
  return `${Number.isInteger(h) ? h : h.toFixed(1)}h`;
};
