import { PRIORITY_LABELS, STATUS_FILTER_LABELS, STATUS_LABELS, statusBadgeText } from './taskLabels';

describe('task labels', () => {
  it('writes the status badge with spaces for underscores', () => {
    expect(statusBadgeText('in_progress')).toBe('in progress');
    expect(statusBadgeText('pending')).toBe('pending');
    expect(statusBadgeText('completed')).toBe('completed');
  });

  it('offers “All” first in the status filter, then each status by its label', () => {
    expect(Object.entries(STATUS_FILTER_LABELS)).toEqual([
      ['all', 'All'],
      ['pending', 'Pending'],
      ['in_progress', 'In Progress'],
      ['completed', 'Completed'],
    ]);
    expect(STATUS_LABELS.in_progress).toBe('In Progress');
    expect(PRIORITY_LABELS).toEqual({ high: 'High', medium: 'Medium', low: 'Low' });
  });
});
