import { zodResolver } from '@hookform/resolvers/zod';
import { currencies, systemSettingsSchema, type SystemSettings } from '@pharmacy/contracts';
import {
  Button,
  Callout,
  Card,
  Flex,
  Grid,
  Heading,
  Select,
  Skeleton,
  Switch,
  Text,
  TextField,
} from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import type { z } from 'zod';
import { FormField } from '../../../components/form-field';
import { LockIcon } from '../../../components/icons';
import { useToast } from '../../../components/toaster';
import { apiErrorOf } from '../../../lib/api';
import { usePermissions } from '../../../lib/authorization';
import { useMoneyFormatter } from '../../../lib/money';
import { textToNumber } from '../../../lib/number-text';
import { useSystemSettings } from '../../../lib/system-settings';
import { translateValidationMessage } from '../../../lib/validation-message';
import { useUpdateSystemSettings } from '../api/update-system-settings';
import { SettingsLoadError } from './settings-load-error';

type Values = z.input<typeof systemSettingsSchema>;
/** An emptied box is refused with the field's minimum ("Must be at least 1"), as it always was. */
const blankAsZero = (text: unknown) => textToNumber(text) ?? 0;
type Section = 'system' | 'notifications';

const sectionFields: Record<Section, readonly (keyof SystemSettings)[]> = {
  system: ['lowStockThreshold', 'expiryWarningDays', 'language', 'currency', 'theme'],
  notifications: ['enableNotifications', 'enableSoundAlerts', 'enableEmailAlerts', 'autoLogoutMinutes'],
};

/**
 * The installation's settings, split over two tabs. Each tab saves the whole
 * object (PUT replaces it) with the other tab's values as they are stored, so
 * unsaved edits in one tab never ride along with the other's save.
 */
export function SystemSettingsTab({ section }: { section: Section }) {
  const settings = useSystemSettings();
  if (settings.isPending) return <Skeleton height="280px" />;
  if (settings.isError) {
    return <SettingsLoadError onRetry={() => void settings.refetch()} isRetrying={settings.isFetching} />;
  }
  return <SystemSettingsForm section={section} stored={settings.data} />;
}

function SystemSettingsForm({ section, stored }: { section: Section; stored: SystemSettings }) {
  const intl = useIntl();
  const { toast } = useToast();
  const { canManageSystemSettings: canEdit } = usePermissions();
  const update = useUpdateSystemSettings();
  const formatMoney = useMoneyFormatter();
  const form = useForm<Values, unknown, SystemSettings>({
    resolver: zodResolver(systemSettingsSchema),
    defaultValues: stored,
  });
  const disabled = !canEdit || update.isPending;
  const errorText = (field: FieldPath<Values>) =>
    translateValidationMessage(intl, form.getFieldState(field, form.formState).error?.message);

  const onSubmit = form.handleSubmit((values) => {
    const own = Object.fromEntries(sectionFields[section].map((field) => [field, values[field]]));
    update.mutate(
      { ...stored, ...own },
      {
        onSuccess: (saved) => {
          form.reset(saved);
          toast({
            title: intl.formatMessage({ id: 'settings.saved.title' }),
            description: intl.formatMessage({ id: 'settings.saved.system' }),
          });
        },
        onError: (error) => {
          const apiError = apiErrorOf(error);
          for (const item of apiError?.errors ?? []) {
            if (item.field in stored) {
              form.setError(item.field as FieldPath<Values>, { type: 'server', message: item.message });
            }
          }
          toast({
            variant: 'error',
            title: intl.formatMessage({ id: 'settings.saveFailed' }),
            description:
              translateValidationMessage(intl, apiError?.message) ?? intl.formatMessage({ id: 'common.tryAgainLater' }),
          });
        },
      },
    );
  });

  const numberField = (
    name: 'lowStockThreshold' | 'expiryWarningDays' | 'autoLogoutMinutes',
    label: ReactNode,
    min: number,
  ) => (
    <FormField label={label} error={errorText(name)} required={canEdit}>
      {(props) => (
        <TextField.Root
          {...props}
          {...form.register(name, { setValueAs: blankAsZero })}
          type="number"
          min={min}
          step={1}
          inputMode="numeric"
          dir="ltr"
          disabled={disabled}
        />
      )}
    </FormField>
  );

  const switchField = (
    name: 'enableNotifications' | 'enableSoundAlerts' | 'enableEmailAlerts',
    label: ReactNode,
    hint: ReactNode,
  ) => (
    <Text as="label" size="2">
      <Flex gap="3" align="start" justify="between">
        <span>
          <Text as="div" weight="medium">
            {label}
          </Text>
          <Text as="div" color="gray" size="1">
            {hint}
          </Text>
        </span>
        <Controller
          control={form.control}
          name={name}
          render={({ field }) => (
            <Switch
              checked={Boolean(field.value)}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              disabled={disabled}
            />
          )}
        />
      </Flex>
    </Text>
  );

  return (
    <Card size="3">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Heading as="h2" size="4">
          {section === 'system' ? (
            <FormattedMessage id="settings.system.title" />
          ) : (
            <FormattedMessage id="settings.notifications.title" />
          )}
        </Heading>
        <Text as="p" size="2" color="gray" mt="1" mb="4">
          {section === 'system' ? (
            <FormattedMessage id="settings.system.description" />
          ) : (
            <FormattedMessage id="settings.notifications.description" />
          )}
        </Text>
        {!canEdit && (
          <Callout.Root color="gray" mb="4" role="note">
            <Callout.Icon>
              <LockIcon />
            </Callout.Icon>
            <Callout.Text>
              <FormattedMessage id="settings.readOnly" />
            </Callout.Text>
          </Callout.Root>
        )}

        {section === 'system' ? (
          <Grid columns={{ initial: '1', sm: '2' }} gap="3">
            {numberField('lowStockThreshold', <FormattedMessage id="settings.system.lowStockThreshold" />, 1)}
            {numberField('expiryWarningDays', <FormattedMessage id="settings.system.expiryWarningDays" />, 1)}
            <FormField
              label={<FormattedMessage id="settings.system.language" />}
              hint={<FormattedMessage id="settings.system.language.hint" />}
              error={errorText('language')}
            >
              {({ id, ...aria }) => (
                <Controller
                  control={form.control}
                  name="language"
                  render={({ field }) => (
                    <Select.Root value={field.value} onValueChange={field.onChange} disabled={disabled}>
                      <Select.Trigger id={id} {...aria} ref={field.ref} style={{ width: '100%' }} />
                      <Select.Content position="popper">
                        <Select.Item value="en">
                          <FormattedMessage id="language.en" />
                        </Select.Item>
                        <Select.Item value="ar">
                          <FormattedMessage id="language.ar" />
                        </Select.Item>
                      </Select.Content>
                    </Select.Root>
                  )}
                />
              )}
            </FormField>
            <FormField
              label={<FormattedMessage id="settings.system.currency" />}
              hint={<FormattedMessage id="settings.system.currency.hint" values={{ example: formatMoney(1234.5) }} />}
              error={errorText('currency')}
            >
              {({ id, ...aria }) => (
                <Controller
                  control={form.control}
                  name="currency"
                  render={({ field }) => (
                    <Select.Root value={field.value} onValueChange={field.onChange} disabled={disabled}>
                      <Select.Trigger id={id} {...aria} ref={field.ref} style={{ width: '100%' }} />
                      <Select.Content position="popper">
                        {currencies.map((currency) => (
                          <Select.Item key={currency} value={currency}>
                            {currency}
                          </Select.Item>
                        ))}
                      </Select.Content>
                    </Select.Root>
                  )}
                />
              )}
            </FormField>
          </Grid>
        ) : (
          <Flex direction="column" gap="4">
            {switchField(
              'enableNotifications',
              <FormattedMessage id="settings.notifications.enable" />,
              <FormattedMessage id="settings.notifications.enable.hint" />,
            )}
            {switchField(
              'enableSoundAlerts',
              <FormattedMessage id="settings.notifications.sound" />,
              <FormattedMessage id="settings.notifications.sound.hint" />,
            )}
            {switchField(
              'enableEmailAlerts',
              <FormattedMessage id="settings.notifications.email" />,
              <FormattedMessage id="settings.notifications.email.hint" />,
            )}
            <Grid columns={{ initial: '1', sm: '2' }}>
              {numberField('autoLogoutMinutes', <FormattedMessage id="settings.notifications.autoLogout" />, 5)}
            </Grid>
          </Flex>
        )}

        {canEdit && (
          <Flex justify="end" mt="5">
            <Button type="submit" loading={update.isPending} disabled={update.isPending}>
              {section === 'system' ? (
                <FormattedMessage id="settings.system.save" />
              ) : (
                <FormattedMessage id="settings.notifications.save" />
              )}
            </Button>
          </Flex>
        )}
      </form>
    </Card>
  );
}
