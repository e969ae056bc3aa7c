import { useMemo, useReducer } from 'react';
import { draftsOf, sheetLines, type CountLine } from '../utils/count-sheet';
import { filterLines } from '../utils/counts';
import { emptySheetState, sheetReducer } from '../utils/sheet-state';

/** The count sheet's state, and its lines with what the user typed over them: all of them, and those shown. */
export function useCountSheet(lines: readonly CountLine[]) {
  const [state, dispatch] = useReducer(sheetReducer, emptySheetState);
  const sheet = useMemo(() => sheetLines(lines, { ...draftsOf(lines), ...state.edits }), [lines, state.edits]);
  const shown = useMemo(() => filterLines(sheet, state.search), [sheet, state.search]);
  return { state, dispatch, sheet, shown };
}
