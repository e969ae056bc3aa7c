import { Select } from '@radix-ui/themes';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLanguage } from '../../../i18n/use-language';
import { localizedName } from '../../../lib/catalogue';
import type { NamedPharmacy } from '../utils/inventory-overview';

const ALL = 'all';

export interface LocationSelectProps {
  /** null: all locations. */
  value: string | null;
  options: readonly NamedPharmacy[];
  onChange(pharmacyId: string | null): void;
}

/** Specification §2: "all locations" or one pharmacy; every widget shows the choice. */
export function LocationSelect({ value, options, onChange }: LocationSelectProps) {
  const intl = useIntl();
  const { language } = useLanguage();
  // A location that is not (or no longer) offered, e.g. from an old link, still shows as chosen.
  const unknown = value !== null && !options.some((pharmacy) => pharmacy.id === value);
  return (
    <Select.Root value={value ?? ALL} onValueChange={(next) => onChange(next === ALL ? null : next)}>
      <Select.Trigger
        className="dashboard-location-select"
        aria-label={intl.formatMessage({ id: 'dashboard.location.label' })}
      />
      <Select.Content position="popper">
        <Select.Item value={ALL}>
          <FormattedMessage id="dashboard.location.all" />
        </Select.Item>
        {options.map((pharmacy) => (
          <Select.Item key={pharmacy.id} value={pharmacy.id}>
            {localizedName(pharmacy.name, pharmacy.nameAr, language)}
          </Select.Item>
        ))}
        {unknown && (
          <Select.Item value={value}>
            <FormattedMessage id="dashboard.inventory.unknownLocation" />
          </Select.Item>
        )}
      </Select.Content>
    </Select.Root>
  );
}
