import { describe, expect, it } from '@jest/globals';
import { answerBlocks, inlineParts } from './answer-blocks';

describe('an answer laid out for reading', () => {
  it('keeps the line breaks of a paragraph and splits paragraphs at blank lines', () => {
    expect(answerBlocks('First line\nsecond line\n\nNext paragraph')).toEqual([
      { kind: 'paragraph', lines: ['First line', 'second line'] },
      { kind: 'paragraph', lines: ['Next paragraph'] },
    ]);
  });

  it('turns "- item" lines into a list, between the sentences around it', () => {
    const text =
      'Expiring in the next 30 days:\n- Amoxicillin 500 mg, batch LOT-1: 10 packs\n* Zinc, batch LOT-2\n• Panadol\nCheck them first.';
    expect(answerBlocks(text)).toEqual([
      { kind: 'paragraph', lines: ['Expiring in the next 30 days:'] },
      {
        kind: 'list',
        ordered: false,
        items: ['Amoxicillin 500 mg, batch LOT-1: 10 packs', 'Zinc, batch LOT-2', 'Panadol'],
      },
      { kind: 'paragraph', lines: ['Check them first.'] },
    ]);
  });

  it('numbers a numbered list, and starts a new list where the kind changes', () => {
    expect(answerBlocks('1. Receive\n2) Count\n- note')).toEqual([
      { kind: 'list', ordered: true, items: ['Receive', 'Count'] },
      { kind: 'list', ordered: false, items: ['note'] },
    ]);
  });

  it('reads Windows line ends and ignores a lone dash or a negative number', () => {
    expect(answerBlocks('Stock change:\r\n-3 packs\r\n-')).toEqual([
      { kind: 'paragraph', lines: ['Stock change:', '-3 packs', '-'] },
    ]);
  });

  it('has nothing to show for an empty answer', () => {
    expect(answerBlocks('')).toEqual([]);
    expect(answerBlocks('\n\n')).toEqual([]);
  });
});

describe('bold text in a line', () => {
  it('marks **bold** parts and leaves the rest, markup included, as text', () => {
    expect(inlineParts('Batch **LOT-1** of <b>Zinc</b>')).toEqual([
      { text: 'Batch ', strong: false },
      { text: 'LOT-1', strong: true },
      { text: ' of <b>Zinc</b>', strong: false },
    ]);
    expect(inlineParts('2 * 3 = 6')).toEqual([{ text: '2 * 3 = 6', strong: false }]);
  });
});
