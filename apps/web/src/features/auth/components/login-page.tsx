import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema, loginVerifySchema } from '@pharmacy/contracts';
import { Button, Flex, Heading, Link as TextLink, Text, TextField } from '@radix-ui/themes';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import type { z } from 'zod';
import { ArrowBackIcon, MailIcon } from '../../../components/icons';
import { FormField } from '../../../components/form-field';
import { useToast } from '../../../components/toaster';
import { apiErrorOf } from '../../../lib/api';
import { translateValidationMessage } from '../../../lib/validation-message';
import { useLoginRequest } from '../api/login-request';
import { useLoginVerify } from '../api/login-verify';
import { verifyFailureEffect } from '../utils/verify-failure';
import { AuthLayout } from './auth-layout';

/** Specification §9: the one-time code has six digits. */
export const OTP_LENGTH = 6;

type EmailValues = z.input<typeof loginRequestSchema>;
// Step 2's fields; the user id travels beside the form, not in it.
const verifyFormSchema = loginVerifySchema.pick({ password: true, otpCode: true });
type VerifyValues = z.input<typeof verifyFormSchema>;

const emptyVerify: VerifyValues = { password: '', otpCode: '' };
/** The English default of specification §8, which the form reacts to like a server message. */
const DEFAULT_VERIFY_FAILURE = 'Invalid credentials or verification code';

/**
 * /login (specification §2/§4): e-mail → a code is e-mailed → password and code.
 * Going back to the e-mail step forgets the password, the code and the user id.
 */
export function LoginPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [userId, setUserId] = useState<string | null>(null);
  const loginRequest = useLoginRequest();
  const loginVerify = useLoginVerify({
    onSignedIn: (answer) =>
      toast({ title: intl.formatMessage({ id: 'login.toast.success' }), description: answer.message }),
    // Specification §4: success goes to /. A pharmacy still to choose shows its screen there.
    onUserKnown: () => void navigate({ to: '/' }),
  });
  const isPending = loginRequest.isPending || loginVerify.isPending;

  const emailForm = useForm<EmailValues>({ resolver: zodResolver(loginRequestSchema), defaultValues: { email: '' } });
  const verifyForm = useForm<VerifyValues>({ resolver: zodResolver(verifyFormSchema), defaultValues: emptyVerify });

  const serverMessage = (error: unknown) => translateValidationMessage(intl, apiErrorOf(error)?.message);

  const backToEmailStep = ({ clearEmail }: { clearEmail: boolean }) => {
    verifyForm.reset(emptyVerify);
    setUserId(null);
    if (clearEmail) emailForm.reset({ email: '' });
  };

  const onRequestCode = emailForm.handleSubmit(({ email }) => {
    loginRequest.mutate(email, {
      onSuccess: (answer) => {
        toast({ title: intl.formatMessage({ id: 'login.toast.codeSent' }), description: answer.message });
        verifyForm.reset(emptyVerify);
        setUserId(answer.userId);
      },
      onError: (error) =>
        toast({
          variant: 'error',
          title: intl.formatMessage({ id: 'login.toast.failed' }),
          description: serverMessage(error) ?? intl.formatMessage({ id: 'login.toast.requestFailed' }),
        }),
    });
  });

  const onVerify = verifyForm.handleSubmit(({ password, otpCode }) => {
    if (!userId) return;
    loginVerify.mutate(
      { userId, password, otpCode: otpCode.trim() },
      {
        onError: (error) => {
          const message = apiErrorOf(error)?.message;
          toast({
            variant: 'error',
            title: intl.formatMessage({ id: 'login.toast.failed' }),
            description:
              translateValidationMessage(intl, message) ?? intl.formatMessage({ id: 'login.toast.verifyFailed' }),
          });
          const effect = verifyFailureEffect(message ?? DEFAULT_VERIFY_FAILURE);
          if (effect === 'resetToEmailStep') backToEmailStep({ clearEmail: true });
          if (effect === 'clearCode') verifyForm.setValue('otpCode', '');
        },
      },
    );
  });

  const emailError = translateValidationMessage(intl, emailForm.formState.errors.email?.message);
  const passwordError = translateValidationMessage(intl, verifyForm.formState.errors.password?.message);
  const codeError = translateValidationMessage(intl, verifyForm.formState.errors.otpCode?.message);

  if (userId === null) {
    return (
      <AuthLayout>
        {/* Keyed per step: otherwise React reuses the inputs, and the password would land in the e-mail field. */}
        <form key="email-step" onSubmit={(event) => void onRequestCode(event)} noValidate>
          <Flex direction="column" gap="4">
            <div>
              <Heading as="h1" size="6">
                <FormattedMessage id="login.title" />
              </Heading>
              <Text as="p" color="gray" size="2" mt="1">
                <FormattedMessage id="login.emailStep.description" />
              </Text>
            </div>
            <FormField label={<FormattedMessage id="login.email" />} error={emailError} required>
              {(props) => (
                <TextField.Root
                  {...props}
                  {...emailForm.register('email')}
                  type="email"
                  required
                  autoComplete="email"
                  dir="ltr"
                  size="3"
                  disabled={isPending}
                >
                  <TextField.Slot>
                    <MailIcon />
                  </TextField.Slot>
                </TextField.Root>
              )}
            </FormField>
            <Button type="submit" size="3" loading={loginRequest.isPending} disabled={isPending}>
              <FormattedMessage id="login.sendCode" />
            </Button>
            <Flex direction="column" align="center" gap="2">
              <Text size="2">
                <TextLink asChild>
                  <Link to="/pharmacist-login">
                    <FormattedMessage id="login.pharmacistLoginLink" />
                  </Link>
                </TextLink>
              </Text>
              <Text size="2">
                <TextLink asChild color="gray">
                  <Link to="/">
                    <FormattedMessage id="login.backToWelcome" />
                  </Link>
                </TextLink>
              </Text>
            </Flex>
          </Flex>
        </form>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <form key="verify-step" onSubmit={(event) => void onVerify(event)} noValidate>
        <Flex direction="column" gap="4">
          <div>
            <Heading as="h1" size="6">
              <FormattedMessage id="login.verify.title" />
            </Heading>
            <Text as="p" color="gray" size="2" mt="1">
              <FormattedMessage
                id="login.verify.description"
                values={{ email: <bdi className="ltr-value">{emailForm.getValues('email')}</bdi> }}
              />
            </Text>
          </div>
          <FormField label={<FormattedMessage id="login.password" />} error={passwordError} required>
            {(props) => (
              <TextField.Root
                {...props}
                {...verifyForm.register('password')}
                type="password"
                required
                autoComplete="current-password"
                size="3"
                disabled={isPending}
              />
            )}
          </FormField>
          <FormField label={<FormattedMessage id="login.code" />} error={codeError} required>
            {(props) => (
              <TextField.Root
                {...props}
                {...verifyForm.register('otpCode')}
                required
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={OTP_LENGTH}
                dir="ltr"
                size="3"
                className="otp-input"
                disabled={isPending}
                placeholder={intl.formatMessage({ id: 'login.code.placeholder' })}
              />
            )}
          </FormField>
          <Button type="submit" size="3" loading={loginVerify.isPending} disabled={isPending}>
            <FormattedMessage id="login.verify.submit" />
          </Button>
          <Flex gap="3" justify="between" wrap="wrap">
            <Button
              type="button"
              variant="soft"
              color="gray"
              disabled={isPending}
              onClick={() => backToEmailStep({ clearEmail: false })}
            >
              <MailIcon />
              <FormattedMessage id="login.changeEmail" />
            </Button>
            <Button
              type="button"
              variant="ghost"
              color="gray"
              disabled={isPending}
              onClick={() => void navigate({ to: '/' })}
            >
              <ArrowBackIcon />
              <FormattedMessage id="login.backToWelcome" />
            </Button>
          </Flex>
        </Flex>
      </form>
    </AuthLayout>
  );
}
