/**
 * An answer's text laid out for reading: paragraphs (their line breaks kept)
 * and simple lists ("- item", "* item", "• item", "1. item"). Nothing in the
 * text is ever treated as HTML; the page renders these as React text nodes.
 */
export type AnswerBlock = { kind: 'paragraph'; lines: string[] } | { kind: 'list'; ordered: boolean; items: string[] };

const BULLET = /^\s*[-*•]\s+(.*\S)\s*$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*\S)\s*$/;

export function answerBlocks(text: string): AnswerBlock[] {
  const blocks: AnswerBlock[] = [];
  let current: AnswerBlock | null = null;
  const close = () => {
    if (current) blocks.push(current);
    current = null;
  };
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') {
      close();
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const item = bullet?.[1] ?? numbered?.[1];
    if (item !== undefined) {
      const ordered = numbered !== null;
      if (current?.kind !== 'list' || current.ordered !== ordered) {
        close();
        current = { kind: 'list', ordered, items: [] };
      }
      current.items.push(item);
      continue;
    }
    if (current?.kind !== 'paragraph') {
      close();
      current = { kind: 'paragraph', lines: [] };
    }
    current.lines.push(line.trim());
  }
  close();
  return blocks;
}

export type InlinePart = { text: string; strong: boolean };

/** `**bold**` (as models write it) becomes strong text; everything else stays literal. */
export function inlineParts(line: string): InlinePart[] {
  const parts: InlinePart[] = [];
  const pattern = /\*\*(.+?)\*\*/g;
  let from = 0;
  for (const match of line.matchAll(pattern)) {
    if (match.index > from) parts.push({ text: line.slice(from, match.index), strong: false });
    parts.push({ text: match[1] ?? '', strong: true });
    from = match.index + match[0].length;
  }
  if (from < line.length) parts.push({ text: line.slice(from), strong: false });
  return parts;
}
