import type { Pharmacy } from '@pharmacy/contracts';
import { Badge, Button, Flex, IconButton, Select, Text } from '@radix-ui/themes';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CloseIcon, PlusIcon } from '../../../components/icons';
import { useLanguage } from '../../../i18n/use-language';
import { useAssignPharmacy } from '../api/assign-pharmacy';
import { useRemovePharmacyAccess } from '../api/remove-pharmacy-access';
import { useUserActionFeedback } from '../hooks/use-user-action-feedback';
import { displayNameOf } from '../../../lib/session';
import type { ManagedUser } from '../utils/group-users';

/** A user's pharmacy access badges (each removable) and "Add Pharmacy Access" (specification 001 §2). */
export function PharmacyAccessList({ user, pharmacies }: { user: ManagedUser; pharmacies: Pharmacy[] }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const feedback = useUserActionFeedback();
  const assign = useAssignPharmacy();
  const remove = useRemovePharmacyAccess();
  const [adding, setAdding] = useState(false);
  const [choice, setChoice] = useState<string | null>(null);
  const headingId = useId();
  const name = displayNameOf(user);

  const byId = new Map(pharmacies.map((pharmacy) => [pharmacy.id, pharmacy]));
  const nameOf = (pharmacyId: string, fallback: string) => {
    const pharmacy = byId.get(pharmacyId);
    if (!pharmacy) return fallback;
    return language === 'ar' && pharmacy.nameAr ? pharmacy.nameAr : pharmacy.name;
  };
  const assigned = new Set(user.pharmacies.map((access) => access.pharmacyId));
  const available = pharmacies.filter((pharmacy) => !assigned.has(pharmacy.id));

  const cancel = () => {
    setAdding(false);
    setChoice(null);
  };

  const submit = () => {
    if (!choice) return;
    assign.mutate(
      { userId: user.userId, pharmacyId: choice },
      {
        onSuccess: () => {
          feedback.succeeded('assign');
          cancel();
        },
        onError: (error) => feedback.failed('assign', error),
      },
    );
  };

  return (
    <Flex direction="column" gap="2">
      <Text as="div" size="2" weight="medium" id={headingId}>
        <FormattedMessage id="users.access.title" />
      </Text>
      {user.pharmacies.length === 0 ? (
        <Text as="p" size="2" color="gray">
          <FormattedMessage id="users.access.none" />
        </Text>
      ) : (
        <ul className="user-access-list" aria-labelledby={headingId}>
          {user.pharmacies.map((access) => {
            const pharmacyName = nameOf(access.pharmacyId, access.pharmacyName);
            return (
              <li key={access.pharmacyId}>
                <Badge size="2" variant="soft" className="user-access-badge">
                  <bdi>{pharmacyName}</bdi>
                  <IconButton
                    size="1"
                    variant="ghost"
                    color="gray"
                    radius="full"
                    disabled={remove.isPending}
                    aria-label={intl.formatMessage(
                      { id: 'users.access.removeLabel' },
                      { pharmacy: pharmacyName, name },
                    )}
                    onClick={() =>
                      remove.mutate(
                        { userId: user.userId, pharmacyId: access.pharmacyId },
                        {
                          onSuccess: () => feedback.succeeded('unassign'),
                          onError: (error) => feedback.failed('unassign', error),
                        },
                      )
                    }
                  >
                    <CloseIcon width={12} height={12} />
                  </IconButton>
                </Badge>
              </li>
            );
          })}
        </ul>
      )}

      {adding ? (
        <Flex gap="2" wrap="wrap" align="center">
          <Select.Root value={choice ?? undefined} onValueChange={setChoice} disabled={assign.isPending}>
            <Select.Trigger
              placeholder={intl.formatMessage({ id: 'users.access.select' })}
              aria-label={intl.formatMessage({ id: 'users.access.selectLabel' }, { name })}
              style={{ minWidth: 200 }}
            />
            <Select.Content position="popper">
              {available.map((pharmacy) => (
                <Select.Item key={pharmacy.id} value={pharmacy.id}>
                  {nameOf(pharmacy.id, pharmacy.name)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          <Button size="2" onClick={submit} disabled={!choice || assign.isPending} loading={assign.isPending}>
            <FormattedMessage id="users.access.assign" />
          </Button>
          <Button size="2" variant="soft" color="gray" onClick={cancel} disabled={assign.isPending}>
            <FormattedMessage id="common.cancel" />
          </Button>
        </Flex>
      ) : (
        <div>
          <Button
            size="2"
            variant="soft"
            onClick={() => setAdding(true)}
            disabled={available.length === 0}
            title={available.length === 0 ? intl.formatMessage({ id: 'users.access.allAssigned' }) : undefined}
          >
            <PlusIcon />
            <FormattedMessage id="users.access.add" />
          </Button>
        </div>
      )}
    </Flex>
  );
}
