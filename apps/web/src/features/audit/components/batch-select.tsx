import { Select } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useLanguage } from '../../../i18n/use-language';
import { localizedName } from '../../../lib/catalogue';
import { useDayFormatter } from '../../../lib/dates';
import { batchesQueryOptions } from '../api/audit';

/** The value the "any batch" item stands for (a Select item cannot have an empty value). */
const ANY = '__any__';

export interface ChosenBatch {
  id: string;
  batchNumber: string;
}

/**
 * One batch of the chosen product, by number and expiry date, at the chosen
 * pharmacy (at any pharmacy the caller may see without one); or any batch.
 */
export function BatchSelect({
  pharmacyId,
  productId,
  value,
  onChange,
  label,
}: {
  pharmacyId: string | null;
  productId: string | null;
  value: ChosenBatch | null;
  onChange(batch: ChosenBatch | null): void;
  label: string;
}) {
  const intl = useIntl();
  const day = useDayFormatter();
  const { language } = useLanguage();
  const batches = useQuery({ ...batchesQueryOptions(pharmacyId), enabled: productId !== null });
  const options = useMemo(
    () =>
      (batches.data ?? [])
        .filter((batch) => batch.productId === productId)
        .sort((a, b) => a.expiryDate.localeCompare(b.expiryDate) || a.batchNumber.localeCompare(b.batchNumber)),
    [batches.data, productId],
  );
  // A batch named by a link (a stock card's movement) may be one this list no longer holds.
  const listed = value === null || options.some((batch) => batch.id === value.id);
  return (
    <Select.Root
      value={value?.id ?? ANY}
      onValueChange={(id) => {
        const batch = options.find((candidate) => candidate.id === id);
        onChange(batch ? { id: batch.id, batchNumber: batch.batchNumber } : null);
      }}
      disabled={productId === null && value === null}
    >
      <Select.Trigger className="filter-select" aria-label={label} />
      <Select.Content position="popper">
        <Select.Item value={ANY}>{intl.formatMessage({ id: 'audit.batch.any' })}</Select.Item>
        {!listed && value && <Select.Item value={value.id}>{value.batchNumber}</Select.Item>}
        {options.map((batch) => (
          <Select.Item key={batch.id} value={batch.id}>
            {pharmacyId
              ? intl.formatMessage(
                  { id: 'audit.batch.option' },
                  { batch: batch.batchNumber, expiry: day(batch.expiryDate) },
                )
              : intl.formatMessage(
                  { id: 'audit.batch.optionAt' },
                  {
                    batch: batch.batchNumber,
                    expiry: day(batch.expiryDate),
                    pharmacy: localizedName(batch.pharmacyName, batch.pharmacyNameAr, language),
                  },
                )}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
}
