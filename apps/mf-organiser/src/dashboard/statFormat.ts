/** Whole hours as '1h', otherwise one decimal: '1.5h' (spec: an event's length on the schedule card). */
export const hours = (minutes: number) => {
  const h = minutes / 60;
  return `${Number.isInteger(h) ? h : h.toFixed(1)}h`;
};
