import { draftsOf, type CountLine, type LineDraft } from './count-sheet';
import { filterLines } from './counts';

/** What the count sheet holds besides the server's sheet: the user's typing, the search, the line in hand. */
export interface SheetState {
  /** What the user typed over the server's sheet since the last save, by batch. */
  edits: Readonly<Record<string, LineDraft>>;
  /** The lines shown: those matching this text. */
  search: string;
  /** The line last scanned or typed in, marked on the sheet. */
  highlight: string | null;
  /** The line a scan named, whose count takes the cursor once it is drawn. */
  focusTarget: string | null;
}

export type SheetAction =
  | { type: 'edit'; line: CountLine; patch: Partial<LineDraft> }
  /** The server has these batches' counts now: their typing is no longer over it. */
  | { type: 'saved'; batchIds: readonly string[] }
  | { type: 'search'; text: string }
  /** A scan named this line: show it (the search giving way if it hid it), mark it, put the cursor in it. */
  | { type: 'scanned'; line: CountLine }
  | { type: 'highlight'; batchId: string }
  /** The cursor is in the scanned line's count. */
  | { type: 'focused' };

export const emptySheetState: SheetState = { edits: {}, search: '', highlight: null, focusTarget: null };

export function sheetReducer(state: SheetState, action: SheetAction): SheetState {
  switch (action.type) {
    case 'edit': {
      const { batchId } = action.line;
      const current = state.edits[batchId] ?? draftsOf([action.line])[batchId];
      return {
        ...state,
        edits: { ...state.edits, [batchId]: { counted: '', reason: null, ...current, ...action.patch } },
      };
    }
    case 'saved': {
      const saved = new Set(action.batchIds);
      return {
        ...state,
        edits: Object.fromEntries(Object.entries(state.edits).filter(([batchId]) => !saved.has(batchId))),
      };
    }
    case 'search':
      return state.search === action.text ? state : { ...state, search: action.text };
    case 'scanned': {
      const { line } = action;
      const search = filterLines([{ line }], state.search).length ? state.search : '';
      return { ...state, search, highlight: line.batchId, focusTarget: line.batchId };
    }
    case 'highlight':
      return state.highlight === action.batchId ? state : { ...state, highlight: action.batchId };
    case 'focused':
      return state.focusTarget === null ? state : { ...state, focusTarget: null };
    default: {
      const unknown: never = action;
      return unknown;
    }
  }
}
