/**
 * Money as exact integers: amounts are counted in cents (bigint) and written as
 * decimal text with two decimals ("12.50"), never as binary floating point.
 * Rates (commission, discount) are percentages with two decimals ("12.50" %),
 * counted in hundredths of a percent. Rounding is half away from zero, once,
 * at the amount that is charged or refunded.
 */

const MONEY = /^(\d{1,12})(?:\.(\d{1,2}))?$/;
const RATE = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/** "12.5" → 1250n cents. Throws on anything that is not a non-negative amount with at most 2 decimals. */
export function toCents(text: string): bigint {
  const match = MONEY.exec(text.trim());
  if (!match) throw new RangeError(`Not an amount of money: "${text}"`);
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/** 1250n → "12.50"; negative amounts keep their sign ("-0.05"). */
export function formatCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** "5.25" (%) → 525n hundredths of a percent; 0 to 100 %. */
export function toRateHundredths(text: string): bigint {
  const match = RATE.exec(text.trim());
  if (!match) throw new RangeError(`Not a percentage: "${text}"`);
  const hundredths = BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  if (hundredths > 10_000n) throw new RangeError(`A percentage above 100: "${text}"`);
  return hundredths;
}

/** numerator / denominator, rounded half away from zero. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('Divide by a positive number');
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const quotient = (abs * 2n + denominator) / (denominator * 2n);
  return negative ? -quotient : quotient;
}

/** The charge for `quantity` of something that costs `packPrice` cents per `perPack` units. */
export function priceOf(packPrice: bigint, quantity: number, perPack: number): bigint {
  return divideRounded(packPrice * BigInt(quantity), BigInt(perPack));
}

/** `rate` percent of `cents`, rounded to the cent. */
export function percentOf(cents: bigint, rateHundredths: bigint): bigint {
  return divideRounded(cents * rateHundredths, 10_000n);
}

/**
 * The price of one unit as decimal text with up to 4 decimals ("0.8333"):
 * what a receipt shows per pill; totals are computed from the pack price, not
 * from this rounded figure.
 */
export function unitPriceText(packPrice: bigint, perPack: number): string {
  const tenThousandths = divideRounded(packPrice * 100n, BigInt(perPack));
  const whole = tenThousandths / 10_000n;
  const fraction = (tenThousandths % 10_000n)
    .toString()
    .padStart(4, '0')
    .replace(/0{1,2}$/, '');
  return `${whole}.${fraction.length < 2 ? fraction.padEnd(2, '0') : fraction}`;
}
