import {
  EMPTY_SELECTION,
  isRowSelected,
  pageState,
  selectAllMatching,
  selectedCount,
  togglePage,
  toggleRow,
} from './selection';

const rows = [[1], [2], [3, 4], [5], [6]];

describe('the list selection', () => {
  it('toggles one row, and a conversation row selects all its ids', () => {
    let s = toggleRow(EMPTY_SELECTION, rows, 2, false);
    expect([...s.ids]).toEqual([3, 4]);
    expect(isRowSelected(s, rows[2])).toBe(true);
    s = toggleRow(s, rows, 2, false);
    expect(s.ids.size).toBe(0);
  });

  it('shift-click selects the range from the last clicked row, either direction', () => {
    let s = toggleRow(EMPTY_SELECTION, rows, 1, false);
    s = toggleRow(s, rows, 3, true);
    expect([...s.ids].sort()).toEqual([2, 3, 4, 5]);
    // Upwards from the new anchor (3), unticking: the clicked row was selected, so the range clears.
    s = toggleRow(s, rows, 2, true);
    expect([...s.ids].sort()).toEqual([2]);
    // Shift without an earlier click is a plain toggle.
    expect([...toggleRow(EMPTY_SELECTION, rows, 4, true).ids]).toEqual([6]);
  });

  it('the header checkbox selects the page, then clears it', () => {
    const s = togglePage(EMPTY_SELECTION, rows);
    expect(s.ids.size).toBe(6);
    expect(pageState(s, rows)).toBe('all');
    expect(pageState(toggleRow(s, rows, 0, false), rows)).toBe('some');
    expect(togglePage(s, rows)).toEqual(EMPTY_SELECTION);
    expect(pageState(EMPTY_SELECTION, rows)).toBe('none');
  });

  it('select all matching counts the list total; unticking a row leaves it for the page less that row', () => {
    const s = selectAllMatching(togglePage(EMPTY_SELECTION, rows));
    expect(selectedCount(s, 10_000)).toBe(10_000);
    expect(isRowSelected(s, rows[4])).toBe(true);
    const less = toggleRow(s, rows, 0, false);
    expect(less.allMatching).toBe(false);
    expect(selectedCount(less, 10_000)).toBe(5);
  });
});
