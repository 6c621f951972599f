/** Formats for the dashboard's figures (spec: website views as thousands with one decimal and 'k'). */
export const thousands = (n: number) => `${(n / 1000).toFixed(1)}k`;

/** '+2', '0' → '+0', '-3': the sign is always shown. */
export const signed = (n: number) => `${n >= 0 ? '+' : ''}${n}`;
