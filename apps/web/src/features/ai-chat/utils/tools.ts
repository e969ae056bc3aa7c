import type { MessageId } from '../../../i18n/messages';

/** The read-model lookups the assistant may use (see the chat contract), named for the reader. */
const toolLabels: Readonly<Record<string, { id: MessageId }>> = {
  lowStock: { id: 'aiChat.tool.lowStock' },
  expiringBatches: { id: 'aiChat.tool.expiringBatches' },
  productStock: { id: 'aiChat.tool.productStock' },
  findProduct: { id: 'aiChat.tool.findProduct' },
  productSales: { id: 'aiChat.tool.productSales' },
  batchHistory: { id: 'aiChat.tool.batchHistory' },
};

/**
 * The labels of the lookups an answer was based on, each once, in the order
 * first used. A name the page does not know (a newer server) is left out
 * rather than shown as an untranslated identifier.
 */
export function toolLabelsOf(names: readonly string[]): { id: MessageId }[] {
  const seen = new Set<string>();
  const labels: { id: MessageId }[] = [];
  for (const name of names) {
    const label = Object.hasOwn(toolLabels, name) ? toolLabels[name] : undefined;
    if (!label || seen.has(name)) continue;
    seen.add(name);
    labels.push(label);
  }
  return labels;
}
