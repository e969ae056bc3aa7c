import { Select } from '@radix-ui/themes';
import { useIntl } from 'react-intl';
import type { MessageId } from '../i18n/messages';

/** The value the "all pharmacies" item stands for (a Select item cannot have an empty value). */
const ALL = '__all__';

/**
 * A page's pharmacy filter: all pharmacies (null) or one. Changing it calls
 * `onChange`, where the page also goes back to its first page of rows.
 */
export function PharmacyFilter({
  value,
  onChange,
  options,
  label,
  allLabel,
}: {
  value: string | null;
  onChange: (pharmacyId: string | null) => void;
  options: ReadonlyArray<{ id: string; name: string }>;
  /** Message descriptors ({ id }), so the catalogue check sees the ids. */
  label: { id: MessageId };
  allLabel: { id: MessageId };
}) {
  const intl = useIntl();
  return (
    <Select.Root value={value ?? ALL} onValueChange={(next) => onChange(next === ALL ? null : next)}>
      <Select.Trigger className="filter-select" aria-label={intl.formatMessage(label)} />
      <Select.Content position="popper">
        <Select.Item value={ALL}>{intl.formatMessage(allLabel)}</Select.Item>
        {options.map((pharmacy) => (
          <Select.Item key={pharmacy.id} value={pharmacy.id}>
            {pharmacy.name}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
}
