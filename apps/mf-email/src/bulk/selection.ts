/**
 * The list's selection (issue 24, bulk actions): a set of email ids, so a row that stands for
 * several messages (a conversation) selects all of them; or every email matching the current
 * tab, filters and search ("Select all N matching"), which the server resolves from the filter.
 */
export interface EmailSelectionState {
  ids: ReadonlySet<number>;
  /** Every email matching the list's query, not only those on screen. */
  allMatching: boolean;
  /** The row index last clicked without Shift: the start of a Shift-click range. */
  anchor: number | null;
}

/** The ids of one row: one email, or every email of a conversation row. */
export type RowIds = readonly number[];

export const EMPTY_SELECTION: EmailSelectionState = { ids: new Set(), allMatching: false, anchor: null };

export const isRowSelected = (state: EmailSelectionState, row: RowIds): boolean =>
  state.allMatching || (row.length > 0 && row.every((id) => state.ids.has(id)));

/**
 * A row's checkbox clicked. With Shift, and after an earlier click, every row between the two
 * takes the clicked row's new state (as in Gmail and file managers); otherwise that row toggles.
 * Leaving "all matching" keeps the page's rows selected, less the one unticked.
 */
export function toggleRow(
  state: EmailSelectionState,
  rows: readonly RowIds[],
  index: number,
  shiftKey: boolean,
): EmailSelectionState {
  const select = !isRowSelected(state, rows[index]);
  const ids = new Set(state.allMatching ? rows.flat() : state.ids);
  const from = shiftKey && state.anchor !== null ? Math.min(state.anchor, index) : index;
  const to = shiftKey && state.anchor !== null ? Math.max(state.anchor, index) : index;
  for (let i = from; i <= to; i++)
    for (const id of rows[i] ?? []) {
      if (select) ids.add(id);
      else ids.delete(id);
    }
  return { ids, allMatching: false, anchor: index };
}

/** The header checkbox: the whole page selected, or (when it already is) none of it. */
export function togglePage(state: EmailSelectionState, rows: readonly RowIds[]): EmailSelectionState {
  const all = rows.length > 0 && rows.every((row) => isRowSelected(state, row));
  if (all) return EMPTY_SELECTION;
  return { ids: new Set([...state.ids, ...rows.flat()]), allMatching: false, anchor: state.anchor };
}

export const selectAllMatching = (state: EmailSelectionState): EmailSelectionState => ({
  ...state,
  allMatching: true,
});

/** The header checkbox's look: checked, partly (indeterminate) or not. */
export function pageState(state: EmailSelectionState, rows: readonly RowIds[]): 'all' | 'some' | 'none' {
  const selected = rows.filter((row) => isRowSelected(state, row)).length;
  if (rows.length > 0 && selected === rows.length) return 'all';
  return selected > 0 || state.ids.size > 0 ? 'some' : 'none';
}

/** How many emails an action would touch: the ids, or the list's total when all matching. */
export const selectedCount = (state: EmailSelectionState, total: number): number =>
  state.allMatching ? total : state.ids.size;
