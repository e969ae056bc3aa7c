import { zodResolver } from '@hookform/resolvers/zod';
import { pharmacistLoginSchema, type PharmacistLoginInput } from '@pharmacy/contracts';
import { Button, Callout, Flex, Heading, Link as TextLink, Text, TextField } from '@radix-ui/themes';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import type { z } from 'zod';
import { SmartphoneIcon } from '../../../components/icons';
import { FormField } from '../../../components/form-field';
import { useToast } from '../../../components/toaster';
import { apiErrorOf } from '../../../lib/api';
import { translateValidationMessage } from '../../../lib/validation-message';
import { usePharmacistLogin } from '../api/pharmacist-login';
import { AuthLayout } from './auth-layout';

type Values = z.input<typeof pharmacistLoginSchema>;

/** The server's answer when no code was sent: it checks nothing until all three parts come together. */
const TOTP_REQUIRED = 'TOTP_REQUIRED';
/** Its one answer to any wrong part (it never says which, so that a password cannot be guessed without the code). */
const INVALID_CREDENTIALS = 'INVALID_CREDENTIALS';

/**
 * /pharmacist-login: sign-in name and password, plus the authenticator app's code
 * for accounts that turned it on (Settings → Security). The code field is always
 * there (optional); when the server asks for it, it is marked and focused.
 */
export function PharmacistLoginPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [codeRequired, setCodeRequired] = useState(false);
  const login = usePharmacistLogin({
    onSignedIn: (answer) =>
      toast({ title: intl.formatMessage({ id: 'login.toast.success' }), description: answer.message }),
    onUserKnown: () => void navigate({ to: '/' }),
  });
  const form = useForm<Values, unknown, PharmacistLoginInput>({
    resolver: zodResolver(pharmacistLoginSchema),
    defaultValues: { username: '', password: '', totpCode: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((input) => {
    login.mutate(input, {
      onError: (error) => {
        const apiError = apiErrorOf(error);
        if (apiError?.code === TOTP_REQUIRED) {
          setCodeRequired(true);
          form.setFocus('totpCode');
          return;
        }
        form.setValue('totpCode', '');
        toast({
          variant: 'error',
          title: intl.formatMessage({ id: 'login.toast.failed' }),
          description:
            (apiError?.code !== INVALID_CREDENTIALS && translateValidationMessage(intl, apiError?.message)) ||
            intl.formatMessage({ id: 'pharmacistLogin.toast.failed' }),
        });
      },
    });
  });

  return (
    <AuthLayout>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Flex direction="column" gap="4">
          <div>
            <Heading as="h1" size="6">
              <FormattedMessage id="pharmacistLogin.title" />
            </Heading>
            <Text as="p" color="gray" size="2" mt="1">
              <FormattedMessage id="pharmacistLogin.description" />
            </Text>
          </div>
          {codeRequired && (
            <Callout.Root color="teal" role="status">
              <Callout.Icon>
                <SmartphoneIcon />
              </Callout.Icon>
              <Callout.Text>
                <FormattedMessage id="pharmacistLogin.codeRequired" />
              </Callout.Text>
            </Callout.Root>
          )}
          <FormField
            label={<FormattedMessage id="pharmacistLogin.username" />}
            error={translateValidationMessage(intl, errors.username?.message)}
            required
          >
            {(props) => (
              <TextField.Root
                {...props}
                {...form.register('username')}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                dir="ltr"
                size="3"
                disabled={login.isPending}
              />
            )}
          </FormField>
          <FormField
            label={<FormattedMessage id="login.password" />}
            error={translateValidationMessage(intl, errors.password?.message)}
            required
          >
            {(props) => (
              <TextField.Root
                {...props}
                {...form.register('password')}
                type="password"
                autoComplete="current-password"
                size="3"
                disabled={login.isPending}
              />
            )}
          </FormField>
          <FormField
            label={<FormattedMessage id="pharmacistLogin.totpCode" />}
            error={translateValidationMessage(intl, errors.totpCode?.message)}
            hint={<FormattedMessage id="pharmacistLogin.totpCode.hint" />}
            required={codeRequired}
          >
            {(props) => (
              <TextField.Root
                {...props}
                {...form.register('totpCode')}
                inputMode="numeric"
                autoComplete="one-time-code"
                dir="ltr"
                size="3"
                className="otp-input"
                disabled={login.isPending}
                placeholder={intl.formatMessage({ id: 'login.code.placeholder' })}
              />
            )}
          </FormField>
          <Button type="submit" size="3" loading={login.isPending} disabled={login.isPending}>
            <FormattedMessage id="pharmacistLogin.submit" />
          </Button>
          <Text size="2" className="text-center">
            <TextLink asChild>
              <Link to="/login">
                <FormattedMessage id="pharmacistLogin.emailLoginLink" />
              </Link>
            </TextLink>
          </Text>
        </Flex>
      </form>
    </AuthLayout>
  );
}
