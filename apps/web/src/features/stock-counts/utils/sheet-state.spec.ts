import { describe, expect, it } from '@jest/globals';
import { aCountLine } from '../../../test/expiry';
import { emptySheetState, sheetReducer } from './sheet-state';

const counted = aCountLine({ batchId: 'b1', batchNumber: 'LOT-1', expected: 10, counted: 9, reason: 'damaged' });
const zinc = aCountLine({ batchId: 'b2', productName: 'Zinc 10 mg', productNameAr: null, batchNumber: 'Z-9' });

describe('the count sheet’s state', () => {
  it('types over what the server has, a field at a time, until the server has it', () => {
    const typed = sheetReducer(emptySheetState, { type: 'edit', line: counted, patch: { counted: '7' } });
    expect(typed.edits).toEqual({ b1: { counted: '7', reason: 'damaged' } });
    const both = sheetReducer(typed, { type: 'edit', line: zinc, patch: { reason: 'found' } });
    expect(both.edits.b2).toEqual({ counted: '', reason: 'found' });
    expect(sheetReducer(both, { type: 'saved', batchIds: ['b1'] }).edits).toEqual({ b2: both.edits.b2 });
  });

  it('shows a scanned line, clearing a search that hid it, and gives its count the cursor once', () => {
    const searching = sheetReducer(emptySheetState, { type: 'search', text: 'zinc' });
    const hidden = sheetReducer(searching, { type: 'scanned', line: counted });
    expect(hidden).toMatchObject({ search: '', highlight: 'b1', focusTarget: 'b1' });
    expect(sheetReducer(searching, { type: 'scanned', line: zinc }).search).toBe('zinc');
    const focused = sheetReducer(hidden, { type: 'focused' });
    expect(focused.focusTarget).toBeNull();
    expect(sheetReducer(focused, { type: 'focused' })).toBe(focused);
    expect(sheetReducer(focused, { type: 'highlight', batchId: 'b1' })).toBe(focused);
  });
});
