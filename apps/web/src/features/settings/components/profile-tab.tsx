import { zodResolver } from '@hookform/resolvers/zod';
import { profileSchema, type ProfileInput, type ProfileValues } from '@pharmacy/contracts';
import { Button, Card, Flex, Grid, Heading, Select, Skeleton, Text, TextField } from '@radix-ui/themes';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormField } from '../../../components/form-field';
import { useToast } from '../../../components/toaster';
import { useLanguage } from '../../../i18n/use-language';
import { apiErrorOf } from '../../../lib/api';
import { localizedPharmacy, useSignedInUser } from '../../../lib/session';
import { translateValidationMessage } from '../../../lib/validation-message';
import { useProfile, useUpdateProfile, type StoredProfile } from '../api/profile';
import { SettingsLoadError } from './settings-load-error';

/** Radix Select items cannot have an empty value, so "no default pharmacy" has its own. */
const NO_PHARMACY = 'none';
const profileFields = ['firstName', 'lastName', 'email', 'phone', 'defaultPharmacyId'] as const;

export function ProfileTab() {
  const profile = useProfile();
  if (profile.isPending) return <Skeleton height="320px" />;
  if (profile.isError) {
    return <SettingsLoadError onRetry={() => void profile.refetch()} isRetrying={profile.isFetching} />;
  }
  return <ProfileForm profile={profile.data} />;
}

function formValuesOf(profile: StoredProfile): ProfileValues {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    phone: profile.phone ?? '',
    defaultPharmacyId: profile.defaultPharmacyId ?? '',
  };
}

function ProfileForm({ profile }: { profile: StoredProfile }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const { toast } = useToast();
  const user = useSignedInUser();
  const update = useUpdateProfile();
  const form = useForm<ProfileValues, unknown, ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: formValuesOf(profile),
  });
  const errorText = (field: FieldPath<ProfileValues>) =>
    translateValidationMessage(intl, form.getFieldState(field, form.formState).error?.message);

  const onSubmit = form.handleSubmit((input) => {
    update.mutate(input, {
      onSuccess: (saved) => {
        // The saved values become the new starting point (the form is not remounted, so this callback runs).
        form.reset(formValuesOf(saved));
        toast({
          title: intl.formatMessage({ id: 'settings.saved.title' }),
          description: intl.formatMessage({ id: 'settings.saved.profile' }),
        });
      },
      onError: (error) => {
        const apiError = apiErrorOf(error);
        for (const item of apiError?.errors ?? []) {
          if ((profileFields as readonly string[]).includes(item.field)) {
            form.setError(item.field as FieldPath<ProfileValues>, { type: 'server', message: item.message });
          }
        }
        toast({
          variant: 'error',
          title: intl.formatMessage({ id: 'settings.saveFailed' }),
          description:
            translateValidationMessage(intl, apiError?.message) ?? intl.formatMessage({ id: 'common.tryAgainLater' }),
        });
      },
    });
  });

  const disabled = update.isPending;
  return (
    <Card size="3">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Heading as="h2" size="4">
          <FormattedMessage id="settings.profile.title" />
        </Heading>
        <Text as="p" size="2" color="gray" mt="1" mb="4">
          <FormattedMessage id="settings.profile.description" />
        </Text>
        <Grid columns={{ initial: '1', sm: '2' }} gap="3">
          <FormField
            label={<FormattedMessage id="settings.profile.firstName" />}
            error={errorText('firstName')}
            required
          >
            {(props) => (
              <TextField.Root
                {...props}
                {...form.register('firstName')}
                autoComplete="given-name"
                disabled={disabled}
              />
            )}
          </FormField>
          <FormField label={<FormattedMessage id="settings.profile.lastName" />} error={errorText('lastName')} required>
            {(props) => (
              <TextField.Root
                {...props}
                {...form.register('lastName')}
                autoComplete="family-name"
                disabled={disabled}
              />
            )}
          </FormField>
          <FormField label={<FormattedMessage id="settings.profile.email" />} error={errorText('email')} required>
            {(props) => (
              <TextField.Root
                {...props}
                {...form.register('email')}
                type="email"
                dir="ltr"
                autoComplete="email"
                disabled={disabled}
              />
            )}
          </FormField>
          <FormField label={<FormattedMessage id="settings.profile.phone" />} error={errorText('phone')}>
            {(props) => (
              <TextField.Root
                {...props}
                {...form.register('phone')}
                type="tel"
                dir="ltr"
                autoComplete="tel"
                disabled={disabled}
              />
            )}
          </FormField>
          <FormField
            label={<FormattedMessage id="settings.profile.defaultPharmacy" />}
            error={errorText('defaultPharmacyId')}
            hint={<FormattedMessage id="settings.profile.defaultPharmacy.hint" />}
          >
            {({ id, ...aria }) => (
              <Controller
                control={form.control}
                name="defaultPharmacyId"
                render={({ field }) => (
                  <Select.Root
                    value={field.value || NO_PHARMACY}
                    onValueChange={(value) => field.onChange(value === NO_PHARMACY ? '' : value)}
                    disabled={disabled}
                  >
                    <Select.Trigger id={id} {...aria} ref={field.ref} style={{ width: '100%' }} />
                    <Select.Content position="popper">
                      <Select.Item value={NO_PHARMACY}>
                        <FormattedMessage id="settings.profile.defaultPharmacy.none" />
                      </Select.Item>
                      {user.pharmacies.map((pharmacy) => (
                        <Select.Item key={pharmacy.id} value={pharmacy.id}>
                          {localizedPharmacy(pharmacy, language).name}
                        </Select.Item>
                      ))}
                    </Select.Content>
                  </Select.Root>
                )}
              />
            )}
          </FormField>
        </Grid>
        <Flex justify="end" mt="5">
          <Button type="submit" loading={update.isPending} disabled={disabled}>
            <FormattedMessage id="settings.profile.save" />
          </Button>
        </Flex>
      </form>
    </Card>
  );
}
