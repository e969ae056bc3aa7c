import type { Role } from '@pharmacy/contracts';
import { Button, Dialog, Flex, Grid, Select, Text, TextField } from '@radix-ui/themes';
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { FormField } from '../../../components/form-field';
import { useCreateUser } from '../api/create-user';
import { useUserActionFeedback } from '../hooks/use-user-action-feedback';
import { newUserProblem, type NewUserValues } from '../utils/validate-user-forms';
import { useFocusReturn } from '../../../lib/focus-return';

const empty: NewUserValues = {
  firstName: '',
  lastName: '',
  email: '',
  role: 'pharmacist',
  password: '',
  confirmPassword: '',
};

/**
 * "Create New User" (specification 001 §2/§5). Problems are reported one at a
 * time in a "Validation Error" toast, as the specification words them. Give it a
 * new `key` per opening so it starts empty.
 */
export function CreateUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const focusReturn = useFocusReturn(open);
  const feedback = useUserActionFeedback();
  const create = useCreateUser();
  const [values, setValues] = useState<NewUserValues>(empty);
  const set = <K extends keyof NewUserValues>(field: K, value: NewUserValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = newUserProblem(values);
    if (problem) {
      feedback.invalid(problem);
      return;
    }
    create.mutate(
      {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        password: values.password,
        role: values.role,
      },
      {
        onSuccess: () => {
          feedback.succeeded('create');
          onOpenChange(false);
        },
        onError: (error) => feedback.failed('create', error),
      },
    );
  };

  const disabled = create.isPending;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !create.isPending && onOpenChange(next)}>
      <Dialog.Content {...focusReturn} maxWidth="560px">
        <form onSubmit={onSubmit} noValidate>
          <Dialog.Title>
            <FormattedMessage id="users.create.title" />
          </Dialog.Title>
          <Dialog.Description size="2" mb="4" color="gray">
            <FormattedMessage id="users.create.description" />
          </Dialog.Description>
          <Grid columns={{ initial: '1', sm: '2' }} gap="3">
            <FormField label={<FormattedMessage id="users.form.firstName" />} required>
              {(props) => (
                <TextField.Root
                  {...props}
                  value={values.firstName}
                  onChange={(event) => set('firstName', event.target.value)}
                  autoComplete="off"
                  disabled={disabled}
                />
              )}
            </FormField>
            <FormField label={<FormattedMessage id="users.form.lastName" />} required>
              {(props) => (
                <TextField.Root
                  {...props}
                  value={values.lastName}
                  onChange={(event) => set('lastName', event.target.value)}
                  autoComplete="off"
                  disabled={disabled}
                />
              )}
            </FormField>
            <FormField label={<FormattedMessage id="users.form.email" />} required>
              {(props) => (
                <TextField.Root
                  {...props}
                  type="email"
                  dir="ltr"
                  value={values.email}
                  onChange={(event) => set('email', event.target.value)}
                  autoComplete="off"
                  disabled={disabled}
                />
              )}
            </FormField>
            <FormField
              label={<FormattedMessage id="users.form.role" />}
              required
              hint={values.role === 'auditor' ? <FormattedMessage id="users.form.auditorHint" /> : undefined}
            >
              {({ id, ...aria }) => (
                <Select.Root
                  value={values.role}
                  onValueChange={(role) => set('role', role as Role)}
                  disabled={disabled}
                >
                  <Select.Trigger id={id} {...aria} style={{ width: '100%' }} />
                  <Select.Content position="popper">
                    <Select.Item value="pharmacist">
                      <FormattedMessage id="users.role.pharmacist" />
                    </Select.Item>
                    <Select.Item value="admin">
                      <FormattedMessage id="users.role.admin" />
                    </Select.Item>
                    <Select.Item value="auditor">
                      <FormattedMessage id="users.role.auditor" />
                    </Select.Item>
                  </Select.Content>
                </Select.Root>
              )}
            </FormField>
            <FormField label={<FormattedMessage id="users.form.password" />} required>
              {(props) => (
                <TextField.Root
                  {...props}
                  type="password"
                  autoComplete="new-password"
                  value={values.password}
                  onChange={(event) => set('password', event.target.value)}
                  disabled={disabled}
                />
              )}
            </FormField>
            <FormField label={<FormattedMessage id="users.form.confirmPassword" />} required>
              {(props) => (
                <TextField.Root
                  {...props}
                  type="password"
                  autoComplete="new-password"
                  value={values.confirmPassword}
                  onChange={(event) => set('confirmPassword', event.target.value)}
                  disabled={disabled}
                />
              )}
            </FormField>
          </Grid>
          <Text as="p" size="2" color="gray" mt="3">
            <FormattedMessage id="users.create.note" />
          </Text>
          <Flex gap="3" mt="5" justify="end">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray" disabled={disabled}>
                <FormattedMessage id="common.cancel" />
              </Button>
            </Dialog.Close>
            <Button type="submit" disabled={disabled}>
              {create.isPending ? (
                <FormattedMessage id="users.create.submitting" />
              ) : (
                <FormattedMessage id="users.create.submit" />
              )}
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
