import type { PharmacySummary } from '@pharmacy/contracts';
import { Button, Callout, Flex, Heading, RadioCards, Text } from '@radix-ui/themes';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LogoutIcon, PharmacyIcon, WarningIcon } from '../../../components/icons';
import { useToast } from '../../../components/toaster';
import { useLanguage } from '../../../i18n/use-language';
import { apiErrorOf } from '../../../lib/api';
import { browserNavigation, LOGOUT_URL } from '../../../lib/browser';
import { localizedPharmacy, useSelectPharmacy } from '../../../lib/session';
import { AuthLayout } from './auth-layout';

/**
 * Specification §2: shown in place of every route while the signed-in user has
 * no pharmacy for this session. Choosing one re-reads the current user, which
 * puts the app back on its routes.
 */
export function PharmacySelectionScreen({ pharmacies }: { pharmacies: PharmacySummary[] }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const { toast } = useToast();
  const [selected, setSelected] = useState<string | null>(null);
  const selectPharmacy = useSelectPharmacy({
    scope: 'user',
    onSelected: () =>
      toast({
        title: intl.formatMessage({ id: 'pharmacySelection.success.title' }),
        description: intl.formatMessage({ id: 'pharmacySelection.success.description' }),
      }),
  });

  const signOut = () => browserNavigation.assign(LOGOUT_URL);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!selected) {
      toast({
        variant: 'error',
        title: intl.formatMessage({ id: 'pharmacySelection.required.title' }),
        description: intl.formatMessage({ id: 'validation.pharmacyRequired' }),
      });
      return;
    }
    selectPharmacy.mutate(selected, {
      onError: (error) =>
        toast({
          variant: 'error',
          title: intl.formatMessage({ id: 'pharmacySelection.error.title' }),
          description: apiErrorOf(error)?.message ?? intl.formatMessage({ id: 'pharmacySelection.error.description' }),
        }),
    });
  };

  return (
    <AuthLayout width="520px">
      <form onSubmit={onSubmit} noValidate>
        <Flex direction="column" gap="4">
          <Flex direction="column" align="center" gap="2" className="text-center">
            <span className="welcome-logo" aria-hidden="true">
              <PharmacyIcon width={32} height={32} />
            </span>
            <Heading as="h1" size="6">
              <FormattedMessage id="pharmacySelection.title" />
            </Heading>
            <Text as="p" color="gray" size="2" id="pharmacy-selection-prompt">
              <FormattedMessage id="pharmacySelection.prompt" />
            </Text>
          </Flex>

          {pharmacies.length === 0 ? (
            <Callout.Root color="red" role="alert">
              <Callout.Icon>
                <WarningIcon />
              </Callout.Icon>
              <Callout.Text>
                <FormattedMessage id="pharmacySelection.empty" />
              </Callout.Text>
            </Callout.Root>
          ) : (
            <RadioCards.Root
              columns="1"
              value={selected ?? ''}
              onValueChange={setSelected}
              disabled={selectPharmacy.isPending}
              aria-labelledby="pharmacy-selection-prompt"
            >
              {pharmacies.map((pharmacy) => {
                const shown = localizedPharmacy(pharmacy, language);
                return (
                  <RadioCards.Item key={pharmacy.id} value={pharmacy.id} className="pharmacy-choice">
                    <Flex direction="column" gap="1" width="100%">
                      <Text weight="bold">
                        <bdi>{shown.name}</bdi>
                      </Text>
                      <Text size="2" color="gray">
                        <bdi>{shown.address}</bdi>
                      </Text>
                    </Flex>
                  </RadioCards.Item>
                );
              })}
            </RadioCards.Root>
          )}

          <Flex gap="3" direction={{ initial: 'column', xs: 'row' }}>
            {pharmacies.length > 0 && (
              <Button
                type="submit"
                size="3"
                className="grow"
                disabled={!selected || selectPharmacy.isPending}
                loading={selectPharmacy.isPending}
              >
                <FormattedMessage id="pharmacySelection.continue" />
              </Button>
            )}
            <Button type="button" size="3" variant="soft" color="gray" onClick={signOut} className="grow">
              <LogoutIcon className="icon-flip-rtl" />
              <FormattedMessage id="pharmacySelection.signOut" />
            </Button>
          </Flex>
        </Flex>
      </form>
    </AuthLayout>
  );
}
