import { daysInMonthLeft, parseQuestion, type Question } from './questions';
import type {
  AssistantTools,
  BatchHistoryResult,
  ExpiringResult,
  LowStockResult,
  ProductSalesResult,
  ProductStockResult,
  ToolContext,
} from './assistant-tools';

export type Language = 'en' | 'ar';

export interface AssistantAnswer {
  response: string;
  tools: Array<{ name: string; arguments: Record<string, unknown> }>;
}

/**
 * The assistant without a model (the embedded default, an offline pharmacy):
 * it recognises the common inventory questions in English and Arabic, asks the
 * same read-model tools the model would, and words the answer from their
 * results, so every number it gives is one a tool returned. A clinical
 * question gets a plain "this needs a configured model" instead of a guess.
 */
export class LocalAssistant {
  constructor(private readonly tools: AssistantTools) {}

  async answer(message: string, language: Language, context: ToolContext): Promise<AssistantAnswer> {
    const question = parseQuestion(message);
    const say = words[language];
    switch (question.kind) {
      case 'batch': {
        const result = await this.tools.batchHistory(context, question.batchNumber);
        return answered(say.batch(result, question.batchNumber), 'batchHistory', { batchNumber: question.batchNumber });
      }
      case 'expiring': {
        const days = question.days ?? daysInMonthLeft(context.today);
        const result = await this.tools.expiringBatches(context, days);
        return answered(say.expiring(result), 'expiringBatches', { days });
      }
      case 'low':
        return answered(say.low(await this.tools.lowStock(context)), 'lowStock', {});
      case 'sales': {
        // "This month": from the first of the month to today.
        const days = question.days ?? Number(context.today.slice(8, 10));
        const result = await this.tools.productSales(context, question.product, days);
        return answered(say.sales(result, question.product), 'productSales', { product: question.product, days });
      }
      case 'stock': {
        const result = await this.tools.productStock(context, question.product);
        return answered(say.stock(result, question.product), 'productStock', { product: question.product });
      }
      case 'clinical':
        return { response: say.clinical, tools: [] };
      default:
        return { response: say.help, tools: [] };
    }
  }
}

function answered(response: string, name: string, args: Record<string, unknown>): AssistantAnswer {
  return { response, tools: [{ name, arguments: args }] };
}

const list = (lines: string[]) => lines.map((line) => `- ${line}`).join('\n');
const nameIn = (language: Language, name: string, nameAr: string | null) =>
  language === 'ar' ? (nameAr ?? name) : name;

const MOVEMENTS_AR: Record<string, string> = {
  received: 'استلام',
  sold: 'بيع',
  returned: 'إرجاع من عميل',
  adjusted: 'تعديل',
  corrected: 'تصحيح',
  dispatched: 'إرسال بتحويل',
  transfer_received: 'وصول بتحويل',
  transfer_returned: 'إعادة تحويل',
  expired: 'انتهاء صلاحية',
  written_off: 'إتلاف',
  counted: 'جرد',
};
const movementIn = (language: Language, movement: string) =>
  language === 'ar' ? (MOVEMENTS_AR[movement] ?? movement) : movement.replaceAll('_', ' ');
/** A date, code or signed number kept left-to-right inside Arabic text (otherwise 2026-12-23 shows as 23-12-2026). */
const ltr = (text: string | number) => `\u2066${text}\u2069`;
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
const more = (language: Language, shown: number, total: number) =>
  total > shown ? (language === 'ar' ? `\n(و${total - shown} غيرها)` : `\n(and ${total - shown} more)`) : '';

interface Words {
  low(result: LowStockResult): string;
  expiring(result: ExpiringResult): string;
  stock(result: ProductStockResult, asked: string): string;
  sales(result: ProductSalesResult, asked: string): string;
  batch(result: BatchHistoryResult, asked: string): string;
  clinical: string;
  help: string;
}

const words: Record<Language, Words> = {
  en: {
    low: ({ items, total }) =>
      total === 0
        ? 'No product is at or below its minimum stock level.'
        : `${total} product${total === 1 ? ' is' : 's are'} at or below the minimum stock level:\n` +
          list(items.map((i) => `${i.productName} (${i.sku}): ${i.currentStock} packs, minimum ${i.minStockLevel}`)) +
          more('en', items.length, total),
    expiring: ({ batches, total, until }) =>
      total === 0
        ? `No batch with stock expires between today and ${until}.`
        : `${total} batch${total === 1 ? '' : 'es'} with stock expire${total === 1 ? 's' : ''} by ${until}:\n` +
          list(
            batches.map(
              (b) =>
                `${b.productName}, batch ${b.batchNumber} at ${b.pharmacyName}: ${b.quantity} packs, expires ${b.expiryDate} (in ${b.daysToExpiry} days)`,
            ),
          ) +
          more('en', batches.length, total),
    stock: ({ product, pharmacies, total }, asked) =>
      !product
        ? `I could not find a product matching "${asked}" in the catalogue.`
        : total === 0
          ? `${product.name} (${product.sku}) has no sellable stock at your pharmacies.`
          : `${product.name} (${product.sku}): ${total} sellable packs in all.\n` +
            list(
              pharmacies.map(
                (p) =>
                  `${p.pharmacyName}: ${p.packs} packs${p.nearestExpiry ? `, earliest expiry ${p.nearestExpiry}` : ''}`,
              ),
            ),
    sales: ({ product, quantity, revenue, from, until, byPharmacy }, asked) =>
      !product
        ? `I could not find a product matching "${asked}" in the catalogue.`
        : `${product.name} (${product.sku}): ${quantity} sold from ${from} to ${until}, ${revenue} in sales (net of returns).` +
          (byPharmacy.length > 1
            ? `\n${list(byPharmacy.map((p) => `${p.pharmacyName}: ${p.quantity} sold, ${p.revenue}`))}`
            : ''),
    batch: ({ batch, movements }, asked) =>
      !batch
        ? `I could not find batch "${asked}" at your pharmacies.`
        : `Batch ${batch.batchNumber} of ${batch.productName} at ${batch.pharmacyName} (expires ${batch.expiryDate}) holds ${batch.quantity} packs now. Its movements, oldest first:\n` +
          list(
            movements.map(
              (m) =>
                `${m.occurredAt.slice(0, 16).replace('T', ' ')} ${movementIn('en', m.movement)} ${signed(m.quantityChange)} → ${m.balance}${m.userName ? ` (${m.userName})` : ''}`,
            ),
          ),
    clinical:
      'That is a clinical question. I answer from your pharmacy’s records only (stock, expiry, sales, batches); clinical questions need a configured AI model and, always, a pharmacist’s judgement.',
    help: 'I can answer from your pharmacy’s records: what is low in stock, what expires soon (this month, in the next N days), where a product is in stock, how much of a product was sold (today, this week, this month), and what happened to a batch (give its number).',
  },
  ar: {
    low: ({ items, total }) =>
      total === 0
        ? 'لا يوجد منتج عند الحد الأدنى للمخزون أو دونه.'
        : `عدد المنتجات عند الحد الأدنى للمخزون أو دونه: ${total}\n` +
          list(
            items.map(
              (i) =>
                `${nameIn('ar', i.productName, i.productNameAr)} (${ltr(i.sku)}): ${i.currentStock} عبوة، الحد الأدنى ${i.minStockLevel}`,
            ),
          ) +
          more('ar', items.length, total),
    expiring: ({ batches, total, until }) =>
      total === 0
        ? `لا توجد دفعة بها مخزون تنتهي صلاحيتها من اليوم حتى ${ltr(until)}.`
        : `عدد الدفعات التي بها مخزون وتنتهي صلاحيتها حتى ${ltr(until)}: ${total}\n` +
          list(
            batches.map(
              (b) =>
                `${nameIn('ar', b.productName, b.productNameAr)}، الدفعة ${ltr(b.batchNumber)} في ${nameIn('ar', b.pharmacyName, b.pharmacyNameAr)}: ${b.quantity} عبوة، تنتهي في ${ltr(b.expiryDate)} (بعد ${b.daysToExpiry} يوم)`,
            ),
          ) +
          more('ar', batches.length, total),
    stock: ({ product, pharmacies, total }, asked) =>
      !product
        ? `لم أجد منتجًا يطابق "${asked}" في الكتالوج.`
        : total === 0
          ? `لا يوجد مخزون قابل للبيع من ${nameIn('ar', product.name, product.nameAr)} (${ltr(product.sku)}) في صيدلياتك.`
          : `${nameIn('ar', product.name, product.nameAr)} (${ltr(product.sku)}): ${total} عبوة قابلة للبيع في المجموع.\n` +
            list(
              pharmacies.map(
                (p) =>
                  `${nameIn('ar', p.pharmacyName, p.pharmacyNameAr)}: ${p.packs} عبوة${p.nearestExpiry ? `، أقرب انتهاء ${ltr(p.nearestExpiry)}` : ''}`,
              ),
            ),
    sales: ({ product, quantity, revenue, from, until, byPharmacy }, asked) =>
      !product
        ? `لم أجد منتجًا يطابق "${asked}" في الكتالوج.`
        : `${nameIn('ar', product.name, product.nameAr)} (${ltr(product.sku)}): بيع ${quantity} من ${ltr(from)} إلى ${ltr(until)}، بقيمة ${revenue} (بعد المرتجعات).` +
          (byPharmacy.length > 1
            ? `\n${list(byPharmacy.map((p) => `${nameIn('ar', p.pharmacyName, p.pharmacyNameAr)}: ${p.quantity}، ${p.revenue}`))}`
            : ''),
    batch: ({ batch, movements }, asked) =>
      !batch
        ? `لم أجد الدفعة "${ltr(asked)}" في صيدلياتك.`
        : `الدفعة ${ltr(batch.batchNumber)} من ${nameIn('ar', batch.productName, batch.productNameAr)} في ${nameIn('ar', batch.pharmacyName, batch.pharmacyNameAr)} (تنتهي في ${ltr(batch.expiryDate)}) بها الآن ${batch.quantity} عبوة. حركاتها من الأقدم:\n` +
          list(
            movements.map(
              (m) =>
                `${ltr(m.occurredAt.slice(0, 16).replace('T', ' '))} ${movementIn('ar', m.movement)} ${ltr(signed(m.quantityChange))} ← ${m.balance}${m.userName ? ` (${m.userName})` : ''}`,
            ),
          ),
    clinical:
      'هذا سؤال سريري. أجيب من سجلات صيدليتك فقط (المخزون والصلاحية والمبيعات والدفعات)؛ الأسئلة السريرية تحتاج إلى نموذج ذكاء اصطناعي مُعدّ، ودائمًا إلى تقدير الصيدلي.',
    help: 'أستطيع الإجابة من سجلات صيدليتك: ما المنخفض في المخزون، وما تنتهي صلاحيته قريبًا (هذا الشهر أو خلال عدد من الأيام)، وأين يتوفر منتج، وكم بيع من منتج (اليوم أو هذا الأسبوع أو هذا الشهر)، وماذا حدث لدفعة (اذكر رقمها).',
  },
};

export type { Question };
