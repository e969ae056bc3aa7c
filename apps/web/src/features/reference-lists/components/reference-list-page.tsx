import { Button, Flex, Table } from '@radix-ui/themes';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { AccessDenied } from '../../../components/access-denied';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { PencilIcon, PlusIcon, TrashIcon } from '../../../components/icons';
import { ListPage } from '../../../components/list-page';
import { RowIconButton } from '../../../components/row-tooltip';
import { useToast } from '../../../components/toaster';
import { useLanguage } from '../../../i18n/use-language';
import { apiErrorOf } from '../../../lib/api';
import { usePermissions } from '../../../lib/authorization';
import { inUseCount } from '../../../lib/in-use';
import { wholeList } from '../../../lib/pagination';
import { useDeleteReference } from '../api/reference-lists';
import type { ReferenceListConfig } from '../reference-list';
import { ReferenceFormDialog } from './reference-form-dialog';

/** A reference list's page (specification 001 §2: categories, suppliers): administrators only. */
export function ReferenceListPage<Item extends { id: string; name: string }, Values extends FieldValues, Input>({
  config,
}: {
  config: ReferenceListConfig<Item, Values, Input>;
}) {
  const permissions = usePermissions();
  if (!config.canManage(permissions)) {
    return <AccessDenied description={<FormattedMessage {...config.messages.accessDenied} />} />;
  }
  return <ReferenceList config={config} />;
}

function ReferenceList<Item extends { id: string; name: string }, Values extends FieldValues, Input>({
  config,
}: {
  config: ReferenceListConfig<Item, Values, Input>;
}) {
  const { messages } = config;
  const intl = useIntl();
  const { language } = useLanguage();
  const { toast } = useToast();
  const items = config.useItems();
  const deletion = useDeleteReference(config);
  const [formOpen, setFormOpen] = useState(false);
  const [formTarget, setFormTarget] = useState<Item | null>(null);
  const [formSession, setFormSession] = useState(0);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleteTarget, setDeleteTarget] = useState<Item | null>(null);

  const openForm = (item: Item | null) => {
    setFormTarget(item);
    setFormSession((session) => session + 1);
    setFormOpen(true);
  };

  const confirmDelete = () => {
    if (!deleteTarget) return;
    deletion.mutate(deleteTarget.id, {
      onSuccess: () => {
        toast({
          title: intl.formatMessage({ id: 'common.success' }),
          description: intl.formatMessage(messages.deleted),
        });
        setDeleteOpen(false);
      },
      onError: (error) => {
        const apiError = apiErrorOf(error);
        const inUse = apiError?.code === config.inUseCode;
        const count = inUse ? inUseCount(apiError.message) : undefined;
        toast({
          variant: 'error',
          title: intl.formatMessage(messages.deleteFailed),
          description:
            count !== undefined
              ? intl.formatMessage(messages.inUse, { count })
              : inUse
                ? apiError.message
                : intl.formatMessage({ id: 'common.tryAgainLater' }),
        });
        setDeleteOpen(false);
      },
    });
  };

  const renderRow = (item: Item) => {
    const name = config.nameOf(item, language);
    return (
      <Table.Row key={item.id}>
        <Table.RowHeaderCell>
          <bdi>{item.name}</bdi>
        </Table.RowHeaderCell>
        {config.cells(item, language)}
        <Table.Cell>
          <Flex gap="3">
            <RowIconButton
              tooltip={intl.formatMessage({ id: 'common.edit' })}
              label={intl.formatMessage(messages.editLabel, { name })}
              onClick={() => openForm(item)}
            >
              <PencilIcon />
            </RowIconButton>
            <RowIconButton
              tooltip={intl.formatMessage({ id: 'common.delete' })}
              label={intl.formatMessage(messages.deleteLabel, { name })}
              color="red"
              onClick={() => {
                setDeleteTarget(item);
                setDeleteOpen(true);
              }}
            >
              <TrashIcon />
            </RowIconButton>
          </Flex>
        </Table.Cell>
      </Table.Row>
    );
  };

  return (
    <ListPage
      title={messages.title}
      subtitle={messages.subtitle}
      actions={
        <Button onClick={() => openForm(null)}>
          <PlusIcon />
          <FormattedMessage {...messages.add} />
        </Button>
      }
      table={{
        label: messages.title,
        // The list is short and comes whole: one table, no pages.
        columns: [...config.columns, { id: 'inventory.column.actions' }],
        query: items,
        window: wholeList(items.data ?? []),
        loadError: { title: messages.loadError },
        renderRow,
        empty: <FormattedMessage {...messages.empty} />,
      }}
    >
      <ReferenceFormDialog
        key={formSession}
        config={config}
        open={formOpen}
        onOpenChange={setFormOpen}
        item={formTarget}
      />
      <ConfirmDeleteDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        isPending={deletion.isPending}
        onConfirm={confirmDelete}
        title={<FormattedMessage {...messages.deleteTitle} />}
        description={
          <>
            <FormattedMessage {...messages.deleteConfirm} />{' '}
            <FormattedMessage
              {...messages.deleteDetail}
              values={{ name: <bdi>{deleteTarget ? config.nameOf(deleteTarget, language) : ''}</bdi> }}
            />
          </>
        }
      />
    </ListPage>
  );
}
