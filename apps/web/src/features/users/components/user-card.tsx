import type { Pharmacy, Role } from '@pharmacy/contracts';
import { Avatar, Badge, Card, Flex, Heading, IconButton, Separator, Switch, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { KeyIcon, TrashIcon, UserIcon } from '../../../components/icons';
import { displayNameOf } from '../../../lib/session';
import { useUpdateUserRole } from '../api/update-user-role';
import { useUserActionFeedback } from '../hooks/use-user-action-feedback';
import type { ManagedUser } from '../utils/group-users';
import { DeleteUserDialog } from './delete-user-dialog';
import { PharmacyAccessList } from './pharmacy-access';
import { ResetPasswordDialog } from './reset-password-dialog';
import { RowTooltip } from '../../../components/row-tooltip';

export interface UserCardProps {
  user: ManagedUser;
  /** The signed-in administrator's own card: deleting it is not offered. */
  isSelf: boolean;
  /** Every pharmacy, for names in the reader's language and for new assignments. */
  pharmacies: Pharmacy[];
}

export function UserCard({ user, isSelf, pharmacies }: UserCardProps) {
  const intl = useIntl();
  const feedback = useUserActionFeedback();
  const updateRole = useUpdateUserRole();
  const [resetOpen, setResetOpen] = useState(false);
  const [resetSession, setResetSession] = useState(0);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const name = displayNameOf(user);
  const isAdmin = user.role === 'admin';

  // Specification 001 §4: the switch asks for the opposite of the current role.
  const toggleRole = () =>
    updateRole.mutate(
      { userId: user.userId, role: isAdmin ? 'pharmacist' : 'admin' },
      { onSuccess: () => feedback.succeeded('role'), onError: (error) => feedback.failed('role', error) },
    );

  const deleteLabel = intl.formatMessage({ id: 'users.card.deleteLabel' }, { name });

  return (
    <Card size="3" asChild>
      <article aria-labelledby={`user-${user.userId}-name`}>
        <Flex direction="column" gap="3">
          <Flex gap="3" align="start" justify="between">
            <Flex gap="3" align="center" minWidth="0">
              <Avatar
                size="3"
                radius="full"
                src={user.profileImageUrl ?? undefined}
                fallback={<UserIcon width={18} height={18} />}
                alt=""
              />
              <Flex direction="column" minWidth="0">
                <Flex gap="2" align="center" wrap="wrap">
                  <Heading as="h2" size="3" id={`user-${user.userId}-name`} className="user-card-text">
                    <bdi>{name}</bdi>
                  </Heading>
                  <RoleBadge role={user.role} />
                  {isSelf && (
                    <Badge color="gray" variant="outline">
                      <FormattedMessage id="users.card.you" />
                    </Badge>
                  )}
                </Flex>
                <Text size="2" color="gray" className="user-card-text ltr-value">
                  {user.email}
                </Text>
              </Flex>
            </Flex>
            <Flex gap="1" flexShrink="0">
              <RowTooltip content={intl.formatMessage({ id: 'users.card.resetPassword' })}>
                <IconButton
                  variant="ghost"
                  color="gray"
                  aria-label={intl.formatMessage({ id: 'users.card.resetPasswordLabel' }, { name })}
                  onClick={() => {
                    setResetSession((session) => session + 1);
                    setResetOpen(true);
                  }}
                >
                  <KeyIcon />
                </IconButton>
              </RowTooltip>
              <RowTooltip
                content={
                  isSelf
                    ? intl.formatMessage({ id: 'users.blocked.ownAccount' })
                    : intl.formatMessage({ id: 'users.card.delete' })
                }
              >
                {/* A disabled button receives no pointer events; the wrapper keeps the tooltip explaining why. */}
                <span>
                  <IconButton
                    variant="ghost"
                    color="red"
                    aria-label={deleteLabel}
                    disabled={isSelf}
                    onClick={() => setDeleteOpen(true)}
                  >
                    <TrashIcon />
                  </IconButton>
                </span>
              </RowTooltip>
            </Flex>
          </Flex>

          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Switch
                checked={isAdmin}
                onCheckedChange={toggleRole}
                disabled={updateRole.isPending}
                aria-label={intl.formatMessage({ id: 'users.card.adminSwitchLabel' }, { name })}
              />
              <FormattedMessage id="users.card.adminSwitch" />
            </Flex>
          </Text>

          <Separator size="4" />

          {/* Auditors read every pharmacy and record at none: there is nothing to assign. */}
          {user.role === 'auditor' ? (
            <Text as="p" size="2" color="gray" data-testid="auditor-access">
              <FormattedMessage id="users.access.auditor" />
            </Text>
          ) : (
            <PharmacyAccessList user={user} pharmacies={pharmacies} />
          )}
        </Flex>

        <ResetPasswordDialog key={resetSession} open={resetOpen} onOpenChange={setResetOpen} user={user} />
        <DeleteUserDialog open={deleteOpen} onOpenChange={setDeleteOpen} user={user} />
      </article>
    </Card>
  );
}

function RoleBadge({ role }: { role: Role }) {
  switch (role) {
    case 'admin':
      return (
        <Badge color="teal" variant="solid">
          <FormattedMessage id="users.role.admin" />
        </Badge>
      );
    case 'auditor':
      return (
        <Badge color="amber" variant="soft">
          <FormattedMessage id="users.role.auditor" />
        </Badge>
      );
    case 'pharmacist':
      return (
        <Badge color="gray" variant="soft">
          <FormattedMessage id="users.role.pharmacist" />
        </Badge>
      );
  }
}
