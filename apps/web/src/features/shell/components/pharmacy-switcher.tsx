import type { CurrentUser } from '@pharmacy/contracts';
import { Select, Text } from '@radix-ui/themes';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { BuildingIcon } from '../../../components/icons';
import { useToast } from '../../../components/toaster';
import { useLanguage } from '../../../i18n/use-language';
import { apiErrorOf } from '../../../lib/api';
import { localizedPharmacy, useSelectPharmacy } from '../../../lib/session';

/** The pharmacy this session works in; a user with several can switch here (POST /api/auth/user/pharmacy). */
export function PharmacySwitcher({ user }: { user: CurrentUser }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const { toast } = useToast();
  const labelId = useId();
  const select = useSelectPharmacy({
    scope: 'everything',
    onSelected: () =>
      toast({
        title: intl.formatMessage({ id: 'pharmacySelection.success.title' }),
        description: intl.formatMessage({ id: 'pharmacySelection.success.description' }),
      }),
  });
  const current = user.currentPharmacy ? localizedPharmacy(user.currentPharmacy, language).name : null;

  const onChange = (pharmacyId: string) => {
    if (pharmacyId === user.currentPharmacyId) return;
    select.mutate(pharmacyId, {
      onError: (error) =>
        toast({
          variant: 'error',
          title: intl.formatMessage({ id: 'pharmacySelection.error.title' }),
          description: apiErrorOf(error)?.message ?? intl.formatMessage({ id: 'pharmacySelection.error.description' }),
        }),
    });
  };

  return (
    <div className="sidebar-pharmacy">
      <BuildingIcon className="sidebar-pharmacy-icon" aria-hidden="true" />
      <div className="sidebar-label sidebar-pharmacy-body">
        <Text as="div" size="1" color="gray" id={labelId}>
          <FormattedMessage id="shell.pharmacy.current" />
        </Text>
        {user.pharmacies.length > 1 && user.currentPharmacyId ? (
          <Select.Root value={user.currentPharmacyId} onValueChange={onChange} disabled={select.isPending} size="2">
            <Select.Trigger
              variant="soft"
              color="gray"
              className="sidebar-pharmacy-select"
              aria-labelledby={labelId}
              title={current ?? intl.formatMessage({ id: 'shell.pharmacy.switch' })}
            />
            <Select.Content position="popper">
              {user.pharmacies.map((pharmacy) => (
                <Select.Item key={pharmacy.id} value={pharmacy.id}>
                  {localizedPharmacy(pharmacy, language).name}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        ) : (
          <Text as="div" size="2" weight="medium" className="sidebar-wrap">
            {current === null ? <FormattedMessage id="shell.pharmacy.none" /> : <bdi>{current}</bdi>}
          </Text>
        )}
      </div>
    </div>
  );
}
