import type { SystemSettings } from '@pharmacy/contracts';
import { useMemo } from 'react';
import { intlLocaleOf, type Language } from '../i18n/languages';
import { useLanguage } from '../i18n/use-language';
import { useSystemSettingsOrDefaults } from './system-settings';

export type MoneyFormatter = (amount: number | string) => string;

/**
 * Money in the installation's currency (Settings → System), always with two
 * decimals, in the reader's language. Amounts may arrive as decimal strings
 * ("12.50"), as the server sends numeric columns.
 */
export function createMoneyFormatter(currency: SystemSettings['currency'], language: Language): MoneyFormatter {
  const format = new Intl.NumberFormat(intlLocaleOf(language), {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return (amount) => format.format(typeof amount === 'string' ? Number(amount) : amount);
}

export function useMoneyFormatter(): MoneyFormatter {
  const { currency } = useSystemSettingsOrDefaults();
  const { language } = useLanguage();
  return useMemo(() => createMoneyFormatter(currency, language), [currency, language]);
}
