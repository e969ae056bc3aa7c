// The chain data set of issue 13, generated reproducibly from a seed: the same
// events the product writes (every one is checked against the event catalogue
// by the writer), in the streams it writes them to.
//
//   catalogue  pharmacies, categories, suppliers, products (English and Arabic
//              names, SKU and barcode claims)
//   stock      per pharmacy, day by day over the period: batches received;
//              batches past their expiry with packs left recorded expired the
//              next morning; sales of 1 to 3 lines taken FEFO from unexpired
//              batches (never more than a batch holds); most expired stock
//              written off before a witness; a few returns within the 90 days,
//              adjustments (damaged, found), discounts on batches close to
//              expiry, ended after two weeks or when they expire; and a monthly
//              count of ten batches, started, counted and posted.
//
// Not generated: transfers. A transfer spans three streams and a process (the
// reactor dispatches and books arrivals), which this stream-by-stream writer
// cannot interleave in log order; the fixture log of the versioned-events test
// and the transfer specs cover them.
//
// `generate(options)` yields [streamId, events] stream by stream (the catalogue
// first, then each pharmacy's stock stream in business-time order, in slices),
// with events as { id, type, data, metadata }: nothing is kept once written.

const DAY_MS = 86_400_000;

/** mulberry32: small, fast and good enough for test data; the same seed gives the same chain. */
export function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  const pick = (items) => items[Math.floor(next() * items.length)];
  const uuid = () => {
    const hex = [];
    for (let i = 0; i < 4; i += 1)
      hex.push(
        Math.floor(next() * 2 ** 32)
          .toString(16)
          .padStart(8, '0'),
      );
    const h = hex.join('');
    const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  };
  return { next, int, pick, uuid };
}

const cents = (n) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);

const EN = [
  'Amoxi',
  'Para',
  'Ibu',
  'Cetiri',
  'Lora',
  'Omepra',
  'Metfor',
  'Atorva',
  'Amlo',
  'Losar',
  'Azithro',
  'Cipro',
  'Doxy',
  'Predni',
  'Salbu',
  'Ranit',
  'Diclo',
  'Napro',
  'Fluco',
  'Clarith',
];
const EN_END = [
  'cillin',
  'cetamol',
  'profen',
  'zine',
  'tadine',
  'zole',
  'min',
  'statin',
  'dipine',
  'tan',
  'mycin',
  'floxacin',
  'cycline',
  'solone',
  'tamol',
  'tidine',
  'fenac',
  'xen',
  'conazole',
  'romycin',
];
const AR = [
  'أموكسي',
  'بارا',
  'إيبو',
  'سيتيري',
  'لورا',
  'أوميبرا',
  'ميتفور',
  'أتورفا',
  'أملو',
  'لوسار',
  'أزيثرو',
  'سيبرو',
  'دوكسي',
  'بريدني',
  'سالبو',
  'رانيت',
  'ديكلو',
  'نابرو',
  'فلوكو',
  'كلاريث',
];
const AR_END = [
  'سيلين',
  'سيتامول',
  'بروفين',
  'زين',
  'تادين',
  'زول',
  'مين',
  'ستاتين',
  'ديبين',
  'تان',
  'مايسين',
  'فلوكساسين',
  'سيكلين',
  'سولون',
  'تامول',
  'تيدين',
  'فيناك',
  'زين',
  'كونازول',
  'رومايسين',
];
const FORMS = [
  ['tablets', 'أقراص'],
  ['capsules', 'كبسولات'],
  ['syrup', 'شراب'],
  ['cream', 'كريم'],
  ['drops', 'قطرات'],
];
const CITIES = [
  ['Amman', 'عمّان'],
  ['Irbid', 'إربد'],
  ['Zarqa', 'الزرقاء'],
  ['Aqaba', 'العقبة'],
  ['Salt', 'السلط'],
];

/**
 * Sizes at scale 1: 50 pharmacies, 20,000 products, 500,000 batches over two
 * years, and sales enough for about five million events in all.
 */
export function sizes(scale) {
  const at = (n, min) => Math.max(min, Math.round(n * scale));
  return {
    pharmacies: at(50, 2),
    categories: 20,
    suppliers: at(50, 2),
    products: at(20_000, 20),
    batchesPerPharmacy: at(10_000, 20),
    salesPerPharmacyDay: at(116, 1),
    days: 730,
  };
}

export function* generate({ seed = 2026, scale = 1, until = Date.now() }) {
  const r = prng(seed);
  const size = sizes(scale);
  const today = Math.floor(until / DAY_MS) * DAY_MS; // 00:00 UTC
  const start = today - size.days * DAY_MS;
  const system = (occurredAt, pharmacyId = null) => ({
    userId: null,
    pharmacyId,
    correlationId: r.uuid(),
    causationId: null,
    occurredAt: new Date(occurredAt).toISOString(),
  });
  const setupAt = start - DAY_MS;

  // Catalogue.
  const pharmacies = [];
  for (let i = 0; i < size.pharmacies; i += 1) {
    const [city, cityAr] = CITIES[i % CITIES.length];
    const id = r.uuid();
    pharmacies.push(id);
    yield [
      `pharmacy-${id}`,
      [
        {
          id: r.uuid(),
          type: 'PharmacyRegistered',
          data: {
            pharmacyId: id,
            details: {
              name: `Chain Pharmacy ${i + 1} — ${city}`,
              nameAr: `صيدلية السلسلة ${i + 1} — ${cityAr}`,
              address: `${i + 1} Main Street, ${city}`,
              addressAr: `${i + 1} الشارع الرئيسي، ${cityAr}`,
              phone: `+962 6 ${String(4000000 + i).slice(0, 3)} ${String(1000 + i).slice(-4)}`,
              email: `branch${i + 1}@chain.example`,
              managerId: null,
              isActive: true,
            },
          },
          metadata: system(setupAt),
        },
      ],
    ];
  }
  const categories = [];
  for (let i = 0; i < size.categories; i += 1) {
    const id = r.uuid();
    categories.push(id);
    yield [
      `category-${id}`,
      [
        {
          id: r.uuid(),
          type: 'CategoryCreated',
          data: {
            categoryId: id,
            details: { name: `Category ${i + 1}`, nameAr: `الفئة ${i + 1}`, description: null, descriptionAr: null },
          },
          metadata: system(setupAt),
        },
      ],
    ];
  }
  const suppliers = [];
  for (let i = 0; i < size.suppliers; i += 1) {
    const id = r.uuid();
    suppliers.push(id);
    yield [
      `supplier-${id}`,
      [
        {
          id: r.uuid(),
          type: 'SupplierRegistered',
          data: {
            supplierId: id,
            details: {
              name: `Supplier ${i + 1}`,
              contactPerson: null,
              email: null,
              phone: null,
              address: null,
              isActive: true,
            },
          },
          metadata: system(setupAt),
        },
      ],
    ];
  }
  const products = [];
  for (let i = 0; i < size.products; i += 1) {
    const id = r.uuid();
    const stem = i % EN.length;
    const end_ = Math.floor(i / EN.length) % EN_END.length;
    const [form, formAr] = FORMS[i % FORMS.length];
    const strength = [5, 10, 20, 25, 40, 50, 100, 250, 500][i % 9];
    const sku = `CH-${String(i + 1).padStart(6, '0')}`;
    const body = `629${String(i + 1).padStart(9, '0')}`;
    const sum = [...body].reduce((t, d, k) => t + Number(d) * (k % 2 === 0 ? 1 : 3), 0);
    const barcode = `${body}${(10 - (sum % 10)) % 10}`;
    const price = r.int(150, 4500);
    const commissionEnabled = r.next() < 0.1;
    const product = {
      id,
      sku,
      name: `${EN[stem]}${EN_END[end_]} ${strength} mg ${form} #${i + 1}`,
      nameAr: `${AR[stem]}${AR_END[end_]} ${strength} ملغ ${formAr} #${i + 1}`,
      price,
      commissionEnabled,
    };
    products.push(product);
    const at = system(setupAt);
    yield [
      `product-${id}`,
      [
        {
          id: r.uuid(),
          type: 'ProductRegistered',
          data: {
            productId: id,
            details: {
              sku,
              barcode,
              name: product.name,
              nameAr: product.nameAr,
              description: null,
              descriptionAr: null,
              brand: null,
              genericName: `${EN[stem]}${EN_END[end_]}`.toLowerCase(),
              genericNameAr: `${AR[stem]}${AR_END[end_]}`,
              categoryId: r.pick(categories),
              supplierId: r.pick(suppliers),
              salesUnit: 'whole',
              unitsPerPackage: 1,
              minStockLevel: 10,
              maxStockLevel: 500,
              requiresPrescription: r.next() < 0.3,
              shelfLocation: `Aisle ${1 + (i % 12)}`,
            },
            pricing: { price: cents(price), cost: cents(Math.round(price * 0.6)) },
            commission: { commissionRate: commissionEnabled ? '2.00' : '0.00', commissionEnabled },
            isActive: true,
          },
          metadata: at,
        },
      ],
    ];
    yield [
      `unique-product-sku-${sku.toLowerCase()}`,
      [
        {
          id: r.uuid(),
          type: 'UniqueValueClaimed',
          data: { kind: 'product-sku', value: sku, ownerId: id },
          metadata: at,
        },
      ],
    ];
    yield [
      `unique-product-barcode-${barcode}`,
      [
        {
          id: r.uuid(),
          type: 'UniqueValueClaimed',
          data: { kind: 'product-barcode', value: barcode, ownerId: id },
          metadata: at,
        },
      ],
    ];
  }

  for (const pharmacyId of pharmacies) yield* stockStream(r, size, pharmacyId, products, suppliers, start, today);
}

/** One pharmacy's stock stream, day by day. */
function* stockStream(r, size, pharmacyId, products, suppliers, start) {
  const events = [];
  const meta = (at) => ({
    userId: null,
    pharmacyId,
    correlationId: r.uuid(),
    causationId: null,
    occurredAt: new Date(at).toISOString(),
  });
  // Receipts spread over the period, a third of them in its first month (opening stock).
  const receipts = new Array(size.days).fill(0);
  for (let b = 0; b < size.batchesPerPharmacy; b += 1)
    receipts[r.next() < 0.33 ? r.int(0, 29) : r.int(0, size.days - 1)] += 1;
  /** Open batches by product, earliest expiry first; and the products that have some. */
  const open = new Map();
  const stocked = [];
  const byId = new Map();
  const sales = [];
  /** Discounted batches and the day each discount began. */
  const discounted = new Map();

  for (let day = 0; day < size.days; day += 1) {
    const dayStart = start + day * DAY_MS;
    const today = isoDay(dayStart);
    // 07:00 the expiry scan: batches past their expiry date with packs left.
    for (const batch of byId.values()) {
      if (batch.quantity > 0 && !batch.expired && batch.expiryDate < today) {
        events.push({
          id: r.uuid(),
          type: 'BatchExpired',
          data: {
            pharmacyId,
            batchId: batch.id,
            productId: batch.product.id,
            batchNumber: batch.number,
            expiryDate: batch.expiryDate,
            quantity: batch.quantity,
            looseUnits: 0,
            recordedOn: today,
          },
          metadata: meta(dayStart + 7 * 3600_000),
        });
        batch.expired = true;
        discounted.delete(batch.id);
        // 07:30 most expired stock is destroyed before a witness; the rest waits for a return to the supplier.
        if (r.next() < 0.6) {
          events.push({
            id: r.uuid(),
            type: 'StockWrittenOff',
            data: {
              pharmacyId,
              batchId: batch.id,
              productId: batch.product.id,
              quantity: batch.quantity,
              looseUnits: 0,
              reason: 'expired',
              witness: 'Pharmacist on duty',
              note: null,
              writtenOffBy: null,
            },
            metadata: meta(dayStart + 7.5 * 3600_000),
          });
          batch.quantity = 0;
        }
      }
    }
    // 08:00 receipts.
    for (let received = 0; received < receipts[day]; received += 1) {
      const product = r.pick(products);
      const id = r.uuid();
      const expiryDate = isoDay(dayStart + r.int(120, 900) * DAY_MS);
      const batch = {
        id,
        product,
        number: `LOT-${id.slice(0, 8).toUpperCase()}`,
        expiryDate,
        quantity: r.int(20, 120),
        expired: false,
      };
      byId.set(id, batch);
      let list = open.get(product.id);
      if (!list) {
        list = [];
        open.set(product.id, list);
        stocked.push(product.id);
      }
      list.push(batch);
      list.sort((a, b) => (a.expiryDate < b.expiryDate ? -1 : a.expiryDate > b.expiryDate ? 1 : 0));
      events.push({
        id: r.uuid(),
        type: 'BatchReceived',
        data: {
          pharmacyId,
          batchId: id,
          productId: product.id,
          batchNumber: batch.number,
          quantity: batch.quantity,
          purchasePrice: cents(Math.round(product.price * 0.6)),
          expiryDate,
          receivedDate: today,
          supplierId: r.pick(suppliers),
        },
        metadata: meta(dayStart + 8 * 3600_000),
      });
    }
    // 08:30 returns, within the window, of sales picked earlier.
    while (sales.length > 0 && sales[0].day + 3 <= day) {
      const { sale } = sales.shift();
      const line = sale.lines[0];
      const allocation = line.allocations[0];
      const batch = byId.get(allocation.batchId);
      const restocked = !batch.expired && batch.expiryDate >= today;
      if (restocked) batch.quantity += 1;
      const refund = cents(Math.round(Number(allocation.totalPrice.replace('.', '')) / allocation.quantity));
      const at = dayStart + 8.5 * 3600_000;
      events.push({
        id: r.uuid(),
        type: 'SaleReturned',
        data: {
          saleId: sale.saleId,
          returnId: r.uuid(),
          pharmacyId,
          returnedAt: new Date(at).toISOString(),
          returnedOn: today,
          reason: 'Customer changed mind',
          refundAmount: refund,
          lines: [
            {
              lineIndex: 0,
              productId: line.productId,
              salesUnit: 'whole',
              unitsPerPackage: 1,
              quantity: 1,
              refund,
              allocations: [{ batchId: batch.id, quantity: 1, refund, restocked }],
            },
          ],
        },
        metadata: meta(at),
      });
    }
    // 09:00 discounts running for two weeks end; a new one on some batches within 30 days of expiry.
    for (const [batchId, since] of discounted) {
      if (day - since < 14) continue;
      const batch = byId.get(batchId);
      discounted.delete(batchId);
      events.push({
        id: r.uuid(),
        type: 'BatchDiscountEnded',
        data: {
          pharmacyId,
          batchId,
          productId: batch.product.id,
          reason: 'Promotion over',
          previousPercentage: '20.00',
        },
        metadata: meta(dayStart + 9 * 3600_000),
      });
    }
    if (r.next() < 0.5) {
      const list = open.get(r.pick(stocked) ?? '');
      const batch = list?.find((b) => b.quantity > 0 && !b.expired);
      if (batch && !discounted.has(batch.id) && batch.expiryDate <= isoDay(dayStart + 30 * DAY_MS)) {
        discounted.set(batch.id, day);
        events.push({
          id: r.uuid(),
          type: 'BatchDiscountSet',
          data: {
            pharmacyId,
            batchId: batch.id,
            productId: batch.product.id,
            discountPercentage: '20.00',
            reason: 'Expires within a month',
            previousPercentage: null,
          },
          metadata: meta(dayStart + 9 * 3600_000),
        });
      }
    }
    // 09:00 – 21:00 the counter.
    const count = Math.max(0, Math.round(size.salesPerPharmacyDay * (0.7 + r.next() * 0.6)));
    for (let s = 0; s < count; s += 1) {
      const at = dayStart + 9 * 3600_000 + Math.floor(((s + r.next()) / Math.max(count, 1)) * 12 * 3600_000);
      const sale = sell(r, pharmacyId, open, stocked, today, at, discounted);
      if (!sale) continue;
      events.push({ id: r.uuid(), type: 'SaleCompleted', data: sale, metadata: meta(at) });
      if (r.next() < 0.01) sales.push({ sale, day });
      // Now and then: a damaged pack, or one found at the back of the shelf.
      if (r.next() < 0.01) {
        const line = sale.lines[0];
        const batch = byId.get(line.allocations[0].batchId);
        const change = batch.quantity > 0 && r.next() < 0.7 ? -1 : 1;
        batch.quantity += change;
        events.push({
          id: r.uuid(),
          type: 'StockAdjusted',
          data: {
            pharmacyId,
            batchId: batch.id,
            productId: batch.product.id,
            quantityChange: change,
            reason: change < 0 ? 'damaged' : 'found',
            note: null,
          },
          metadata: meta(at + 1),
        });
      }
    }
    // 21:30 once a month, after closing: a count of ten batches on the shelves, one found a pack short.
    if (day % 30 === 15) events.push(...monthlyCount(r, pharmacyId, byId, dayStart, today, meta));
    if (events.length >= 20_000) yield [`stock-${pharmacyId}`, events.splice(0)];
  }
  if (events.length > 0) yield [`stock-${pharmacyId}`, events.splice(0)];
}

/** A monthly count: started, counted and posted, the batches moved by what was found. */
function monthlyCount(r, pharmacyId, byId, dayStart, today, meta) {
  const shelf = [...byId.values()].filter((b) => b.quantity > 0 && !b.expired);
  if (shelf.length === 0) return [];
  const batches = Array.from({ length: Math.min(10, shelf.length) }, () => r.pick(shelf)).filter(
    (b, i, all) => all.indexOf(b) === i,
  );
  const countId = r.uuid();
  const short = batches[0];
  const lines = batches.map((b) => ({
    batch: b,
    expected: b.quantity,
    counted: b === short ? b.quantity - 1 : b.quantity,
    reason: b === short ? 'damaged' : null,
  }));
  short.quantity -= 1;
  const at = (hours) => dayStart + hours * 3600_000;
  return [
    {
      id: r.uuid(),
      type: 'StockCountStarted',
      data: {
        countId,
        pharmacyId,
        categoryId: null,
        shelfLocation: null,
        note: 'Monthly count',
        startedBy: null,
        startedAt: new Date(at(21.5)).toISOString(),
        lines: lines.map((l) => ({ batchId: l.batch.id, productId: l.batch.product.id, expected: l.expected })),
      },
      metadata: meta(at(21.5)),
    },
    {
      id: r.uuid(),
      type: 'StockCounted',
      data: {
        countId,
        pharmacyId,
        countedBy: null,
        counts: lines.map((l) => ({ batchId: l.batch.id, counted: l.counted, reason: l.reason })),
      },
      metadata: meta(at(21.75)),
    },
    {
      id: r.uuid(),
      type: 'StockCountPosted',
      data: {
        countId,
        pharmacyId,
        postedBy: null,
        postedAt: new Date(at(22)).toISOString(),
        postedOn: today,
        adjustments: lines
          .map((l) => ({
            batchId: l.batch.id,
            productId: l.batch.product.id,
            expected: l.expected,
            counted: l.counted,
            change: l.counted - l.expected,
            reason: l.reason,
          }))
          .sort((a, b) => (a.batchId < b.batchId ? -1 : 1)),
      },
      metadata: meta(at(22)),
    },
  ];
}

/** A sale of 1 to 3 lines, FEFO from unexpired batches; null when nothing is in stock. */
function sell(r, pharmacyId, open, stocked, today, at, discounted) {
  const lines = [];
  let total = 0;
  const wanted = r.int(1, 3);
  for (let l = 0; l < wanted && stocked.length > 0; l += 1) {
    const index = Math.floor(r.next() * stocked.length);
    const productId = stocked[index];
    const list = open.get(productId);
    // Emptied and expired batches leave the list; a product with none leaves `stocked`.
    while (list.length > 0 && (list[0].quantity === 0 || list[0].expired || list[0].expiryDate < today)) list.shift();
    if (list.length === 0) {
      stocked[index] = stocked[stocked.length - 1];
      stocked.pop();
      open.delete(productId);
      continue;
    }
    if (lines.some((line) => line.productId === productId)) continue;
    const product = list[0].product;
    let quantity = Math.min(
      r.int(1, 3),
      list.reduce((n, b) => n + b.quantity, 0),
    );
    const allocations = [];
    let lineTotal = 0;
    for (const batch of list) {
      if (quantity === 0) break;
      const take = Math.min(quantity, batch.quantity);
      if (take === 0) continue;
      batch.quantity -= take;
      quantity -= take;
      const percentage = discounted.has(batch.id) ? 20 : 0;
      const listPrice = product.price * take;
      const price = listPrice - Math.round((listPrice * percentage) / 100);
      lineTotal += price;
      allocations.push({
        batchId: batch.id,
        batchNumber: batch.number,
        expiryDate: batch.expiryDate,
        quantity: take,
        packsOpened: 0,
        totalPrice: cents(price),
        commissionAmount: product.commissionEnabled ? cents(Math.round(price * 0.02)) : '0.00',
        ...(percentage ? { discountPercentage: '20.00', discountAmount: cents(listPrice - price) } : {}),
      });
    }
    const sold = allocations.reduce((n, a) => n + a.quantity, 0);
    const listTotal = product.price * sold;
    lines.push({
      productId,
      productName: product.name,
      productNameAr: product.nameAr,
      sku: product.sku,
      salesUnit: 'whole',
      unitsPerPackage: 1,
      quantity: sold,
      unitPrice: cents(product.price),
      totalPrice: cents(lineTotal),
      commissionEnabled: product.commissionEnabled,
      commissionRate: product.commissionEnabled ? '2.00' : '0.00',
      commissionAmount: product.commissionEnabled ? cents(Math.round(lineTotal * 0.02)) : '0.00',
      ...(listTotal !== lineTotal ? { discountAmount: cents(listTotal - lineTotal) } : {}),
      allocations,
    });
    total += lineTotal;
  }
  if (lines.length === 0) return null;
  const cash = Math.ceil(total / 500) * 500;
  return {
    saleId: r.uuid(),
    pharmacyId,
    soldAt: new Date(at).toISOString(),
    soldOn: today,
    customerName: null,
    customerPhone: null,
    notes: null,
    totalAmount: cents(total),
    cashReceived: cents(cash),
    change: cents(cash - total),
    lines,
  };
}
