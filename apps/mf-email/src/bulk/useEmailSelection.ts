import { useState } from 'react';
import {
  EMPTY_SELECTION,
  type EmailSelectionState,
  isRowSelected,
  type RowIds,
  selectAllMatching,
  togglePage,
  toggleRow,
} from './selection';

/**
 * The list's selection, kept while the tab, filters, search and page stay the same (`scope`); any
 * change of those starts empty, so "all matching" never carries over to another query by mistake.
 */
export function useEmailSelection(rows: readonly RowIds[], scope: string) {
  const [held, setHeld] = useState<{ scope: string; state: EmailSelectionState }>({ scope, state: EMPTY_SELECTION });
  const state = held.scope === scope ? held.state : EMPTY_SELECTION;
  const set = (next: EmailSelectionState) => setHeld({ scope, state: next });
  return {
    state,
    isSelected: (row: RowIds) => isRowSelected(state, row),
    toggleRow: (index: number, shiftKey: boolean) => set(toggleRow(state, rows, index, shiftKey)),
    togglePage: () => set(togglePage(state, rows)),
    selectAllMatching: () => set(selectAllMatching(state)),
    clear: () => set(EMPTY_SELECTION),
  };
}

export type EmailSelectionControls = ReturnType<typeof useEmailSelection>;
