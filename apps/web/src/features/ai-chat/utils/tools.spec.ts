import { describe, expect, it } from '@jest/globals';
import { toolLabelsOf } from './tools';

describe('the lookups an answer was based on', () => {
  it('names each once, in the order first used', () => {
    expect(toolLabelsOf(['findProduct', 'productStock', 'findProduct', 'lowStock'])).toEqual([
      { id: 'aiChat.tool.findProduct' },
      { id: 'aiChat.tool.productStock' },
      { id: 'aiChat.tool.lowStock' },
    ]);
  });

  it('knows all six, and leaves out a name it does not know', () => {
    const all = ['lowStock', 'expiringBatches', 'productStock', 'findProduct', 'productSales', 'batchHistory'];
    expect(toolLabelsOf(all)).toHaveLength(6);
    expect(toolLabelsOf(['dropTables', 'toString', 'batchHistory'])).toEqual([{ id: 'aiChat.tool.batchHistory' }]);
  });
});
