import { zodResolver } from '@hookform/resolvers/zod';
import { totpConfirmSchema, validationMessages, type TotpSetupAnswer } from '@pharmacy/contracts';
import { Badge, Box, Button, Code, Dialog, Flex, Grid, Heading, Text, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { CheckIcon, CopyIcon } from '../../../components/icons';
import { FormField } from '../../../components/form-field';
import { useToast } from '../../../components/toaster';
import { apiErrorOf } from '../../../lib/api';
import { useSignedInUser } from '../../../lib/session';
import { translateValidationMessage } from '../../../lib/validation-message';
import { svgDataUrl, useConfirmTotp, useDisableTotp, useSetupTotp } from '../api/totp';

/** The username is asked for once, the first time (it becomes the /pharmacist-login name). */
function confirmFormSchema(needsUsername: boolean) {
  return z.object({
    code: totpConfirmSchema.shape.code,
    username: needsUsername
      ? z.string().trim().min(1, validationMessages.usernameRequired).pipe(totpConfirmSchema.shape.username.unwrap())
      : z.string(),
  });
}
type ConfirmValues = { code: string; username: string };

/**
 * Authenticator-app enrolment for /pharmacist-login: set up (QR code and key) →
 * confirm with a first code → the backup codes, shown once. Enabled, it can be
 * turned off with the password.
 */
export function AuthenticatorSection() {
  const user = useSignedInUser();
  const [setup, setSetup] = useState<TotpSetupAnswer | null>(null);
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);

  let body;
  if (backupCodes) {
    body = <BackupCodes codes={backupCodes} onDone={() => setBackupCodes(null)} />;
  } else if (user.totpEnabled) {
    body = <EnabledState username={user.username} />;
  } else if (setup) {
    body = (
      <ConfirmSetup
        setup={setup}
        needsUsername={!user.username}
        onConfirmed={(codes) => {
          setSetup(null);
          setBackupCodes(codes);
        }}
        onCancel={() => setSetup(null)}
      />
    );
  } else {
    body = <StartSetup onStarted={setSetup} />;
  }

  return (
    <Flex direction="column" gap="3">
      <Flex align="center" gap="2" wrap="wrap">
        <Heading as="h2" size="4">
          <FormattedMessage id="settings.totp.title" />
        </Heading>
        {user.totpEnabled && (
          <Badge color="green" size="2">
            <FormattedMessage id="settings.totp.enabled" />
          </Badge>
        )}
      </Flex>
      <Text as="p" size="2" color="gray">
        <FormattedMessage id="settings.totp.description" />
      </Text>
      {body}
    </Flex>
  );
}

function useFailureToast() {
  const intl = useIntl();
  const { toast } = useToast();
  return (error: unknown) =>
    toast({
      variant: 'error',
      title: intl.formatMessage({ id: 'common.error' }),
      description:
        translateValidationMessage(intl, apiErrorOf(error)?.message) ??
        intl.formatMessage({ id: 'common.tryAgainLater' }),
    });
}

function StartSetup({ onStarted }: { onStarted(setup: TotpSetupAnswer): void }) {
  const start = useSetupTotp();
  const onFailure = useFailureToast();
  return (
    <Box>
      <Button
        onClick={() => start.mutate(undefined, { onSuccess: onStarted, onError: onFailure })}
        loading={start.isPending}
      >
        <FormattedMessage id="settings.totp.setup" />
      </Button>
    </Box>
  );
}

function ConfirmSetup({
  setup,
  needsUsername,
  onConfirmed,
  onCancel,
}: {
  setup: TotpSetupAnswer;
  needsUsername: boolean;
  onConfirmed(codes: string[]): void;
  onCancel(): void;
}) {
  const intl = useIntl();
  const { toast } = useToast();
  const confirm = useConfirmTotp({
    onDone: (answer) => {
      toast({
        title: intl.formatMessage({ id: 'settings.totp.toast.enabled.title' }),
        description: intl.formatMessage({ id: 'settings.totp.toast.enabled.description' }),
      });
      onConfirmed(answer.backupCodes);
    },
  });
  const onFailure = useFailureToast();
  const form = useForm<ConfirmValues>({
    resolver: zodResolver(confirmFormSchema(needsUsername)),
    defaultValues: { code: '', username: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ code, username }) => {
    confirm.mutate(
      { code: code.trim(), ...(needsUsername && username ? { username: username.trim() } : {}) },
      {
        onError: (error) => {
          const apiError = apiErrorOf(error);
          if (apiError?.code === 'TOTP_CODE_MISMATCH') form.setValue('code', '');
          if (apiError?.code === 'USERNAME_TAKEN') {
            form.setError('username', { type: 'server', message: apiError.message });
          }
          onFailure(error);
        },
      },
    );
  });

  return (
    <Grid columns={{ initial: '1', sm: 'auto 1fr' }} gap="5" align="start">
      <Flex direction="column" gap="2" align="center">
        <img
          src={svgDataUrl(setup.qrCodeSvg)}
          alt={intl.formatMessage({ id: 'settings.totp.qrAlt' })}
          width={180}
          height={180}
          className="totp-qr"
        />
      </Flex>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Flex direction="column" gap="3">
          <Text as="p" size="2">
            <FormattedMessage id="settings.totp.scan" />
          </Text>
          <Box>
            <Text as="div" size="1" color="gray" mb="1">
              <FormattedMessage id="settings.totp.secret" />
            </Text>
            <Code size="2" className="totp-secret" data-testid="totp-secret">
              {setup.secret}
            </Code>
          </Box>
          {needsUsername && (
            <FormField
              label={<FormattedMessage id="settings.totp.username" />}
              hint={<FormattedMessage id="settings.totp.username.hint" />}
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
                  disabled={confirm.isPending}
                />
              )}
            </FormField>
          )}
          <FormField
            label={<FormattedMessage id="settings.totp.code" />}
            error={translateValidationMessage(intl, errors.code?.message)}
            required
          >
            {(props) => (
              <TextField.Root
                {...props}
                {...form.register('code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                dir="ltr"
                className="otp-input"
                placeholder={intl.formatMessage({ id: 'login.code.placeholder' })}
                disabled={confirm.isPending}
              />
            )}
          </FormField>
          <Flex gap="3" justify="end">
            <Button type="button" variant="soft" color="gray" onClick={onCancel} disabled={confirm.isPending}>
              <FormattedMessage id="common.cancel" />
            </Button>
            <Button type="submit" loading={confirm.isPending}>
              <FormattedMessage id="settings.totp.confirm" />
            </Button>
          </Flex>
        </Flex>
      </form>
    </Grid>
  );
}

function BackupCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const intl = useIntl();
  const { toast } = useToast();
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      toast({
        variant: 'error',
        title: intl.formatMessage({ id: 'settings.totp.copyFailed.title' }),
        description: intl.formatMessage({ id: 'settings.totp.copyFailed.description' }),
      });
    }
  };

  return (
    <Flex
      direction="column"
      gap="3"
      role="region"
      aria-label={intl.formatMessage({ id: 'settings.totp.backup.title' })}
    >
      <Heading as="h3" size="3">
        <FormattedMessage id="settings.totp.backup.title" />
      </Heading>
      <Text as="p" size="2" color="gray">
        <FormattedMessage id="settings.totp.backup.description" />
      </Text>
      <Grid asChild columns={{ initial: '2', sm: '4' }} gap="2">
        <ul className="totp-backup-codes" data-testid="totp-backup-codes">
          {codes.map((code) => (
            <li key={code}>
              <Code size="3" variant="ghost" className="ltr-value">
                {code}
              </Code>
            </li>
          ))}
        </ul>
      </Grid>
      <Flex gap="3">
        <Button variant="soft" onClick={() => void copy()}>
          {copied ? <CheckIcon /> : <CopyIcon />}
          {copied ? (
            <FormattedMessage id="settings.totp.backup.copied" />
          ) : (
            <FormattedMessage id="settings.totp.backup.copy" />
          )}
        </Button>
        <Button onClick={onDone}>
          <FormattedMessage id="settings.totp.backup.done" />
        </Button>
      </Flex>
    </Flex>
  );
}

function EnabledState({ username }: { username: string | null }) {
  const intl = useIntl();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const disable = useDisableTotp({
    onDone: () => {
      toast({
        title: intl.formatMessage({ id: 'settings.totp.toast.disabled.title' }),
        description: intl.formatMessage({ id: 'settings.totp.toast.disabled.description' }),
      });
      setOpen(false);
    },
  });
  const onFailure = useFailureToast();

  const submit = () => {
    if (!password) {
      setPasswordError(intl.formatMessage({ id: 'validation.passwordRequired' }));
      return;
    }
    disable.mutate(
      { password },
      {
        onError: (error) => {
          setPassword('');
          onFailure(error);
        },
      },
    );
  };

  return (
    <Flex direction="column" gap="3" align="start">
      {username && (
        <Text as="p" size="2">
          <FormattedMessage
            id="settings.totp.usernameLine"
            values={{ username: <Code className="ltr-value">{username}</Code> }}
          />
        </Text>
      )}
      <Dialog.Root
        open={open}
        onOpenChange={(next) => {
          if (disable.isPending) return;
          setOpen(next);
          setPassword('');
          setPasswordError(undefined);
        }}
      >
        <Dialog.Trigger>
          <Button variant="soft" color="red">
            <FormattedMessage id="settings.totp.turnOff" />
          </Button>
        </Dialog.Trigger>
        <Dialog.Content maxWidth="420px">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
            noValidate
          >
            <Dialog.Title>
              <FormattedMessage id="settings.totp.turnOff.title" />
            </Dialog.Title>
            <Dialog.Description size="2" mb="4" color="gray">
              <FormattedMessage id="settings.totp.turnOff.description" />
            </Dialog.Description>
            <FormField label={<FormattedMessage id="login.password" />} error={passwordError} required>
              {(props) => (
                <TextField.Root
                  {...props}
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => {
                    setPassword(event.target.value);
                    setPasswordError(undefined);
                  }}
                  disabled={disable.isPending}
                />
              )}
            </FormField>
            <Flex gap="3" mt="5" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray" disabled={disable.isPending}>
                  <FormattedMessage id="common.cancel" />
                </Button>
              </Dialog.Close>
              <Button type="submit" color="red" loading={disable.isPending}>
                <FormattedMessage id="settings.totp.turnOff" />
              </Button>
            </Flex>
          </form>
        </Dialog.Content>
      </Dialog.Root>
    </Flex>
  );
}
