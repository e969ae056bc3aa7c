import type { Category } from '@pharmacy/contracts';
import { Box, Button, Flex, Heading, IconButton, Table, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AccessDenied } from '../../../components/access-denied';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { DataTable } from '../../../components/data-table';
import { PencilIcon, PlusIcon, TrashIcon } from '../../../components/icons';
import { useToast } from '../../../components/toaster';
import { useLanguage } from '../../../i18n/use-language';
import { apiErrorOf } from '../../../lib/api';
import { usePermissions } from '../../../lib/authorization';
import { localizedName, useCategories } from '../../../lib/catalogue';
import { inUseCount } from '../../../lib/in-use';
import { useDeleteCategory } from '../api/delete-category';
import { CategoryFormDialog } from './category-form-dialog';
import { RowTooltip } from '../../../components/row-tooltip';

/** /categories (specification 001 §2): administrators only. */
export function CategoriesPage() {
  const { canManageCategories } = usePermissions();
  if (!canManageCategories) return <AccessDenied description={<FormattedMessage id="categories.accessDenied" />} />;
  return <Categories />;
}

function Categories() {
  const intl = useIntl();
  const { language } = useLanguage();
  const { toast } = useToast();
  const categories = useCategories();
  const deletion = useDeleteCategory();
  const [formOpen, setFormOpen] = useState(false);
  const [formTarget, setFormTarget] = useState<Category | null>(null);
  const [formSession, setFormSession] = useState(0);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleteTarget, setDeleteTarget] = useState<Category | null>(null);

  const openForm = (category: Category | null) => {
    setFormTarget(category);
    setFormSession((session) => session + 1);
    setFormOpen(true);
  };

  const confirmDelete = () => {
    if (!deleteTarget) return;
    deletion.mutate(deleteTarget.id, {
      onSuccess: () => {
        toast({
          title: intl.formatMessage({ id: 'common.success' }),
          description: intl.formatMessage({ id: 'categories.toast.deleted' }),
        });
        setDeleteOpen(false);
      },
      onError: (error) => {
        const apiError = apiErrorOf(error);
        const count = apiError?.code === 'CATEGORY_IN_USE' ? inUseCount(apiError.message) : undefined;
        toast({
          variant: 'error',
          title: intl.formatMessage({ id: 'categories.toast.deleteFailed' }),
          description:
            count !== undefined
              ? intl.formatMessage({ id: 'categories.error.inUse' }, { count })
              : apiError?.code === 'CATEGORY_IN_USE'
                ? apiError.message
                : intl.formatMessage({ id: 'common.tryAgainLater' }),
        });
        setDeleteOpen(false);
      },
    });
  };

  const renderRow = (category: Category) => {
    const name = localizedName(category.name, category.nameAr, language);
    return (
      <Table.Row key={category.id}>
        <Table.RowHeaderCell>
          <bdi>{category.name}</bdi>
        </Table.RowHeaderCell>
        <Table.Cell>{category.nameAr ? <bdi lang="ar">{category.nameAr}</bdi> : '—'}</Table.Cell>
        <Table.Cell>
          <bdi>{localizedName(category.description ?? '', category.descriptionAr, language) || '—'}</bdi>
        </Table.Cell>
        <Table.Cell>
          <Flex gap="3">
            <RowTooltip content={intl.formatMessage({ id: 'common.edit' })}>
              <IconButton
                variant="ghost"
                size="1"
                aria-label={intl.formatMessage({ id: 'categories.editLabel' }, { name })}
                onClick={() => openForm(category)}
              >
                <PencilIcon />
              </IconButton>
            </RowTooltip>
            <RowTooltip content={intl.formatMessage({ id: 'common.delete' })}>
              <IconButton
                variant="ghost"
                size="1"
                color="red"
                aria-label={intl.formatMessage({ id: 'categories.deleteLabel' }, { name })}
                onClick={() => {
                  setDeleteTarget(category);
                  setDeleteOpen(true);
                }}
              >
                <TrashIcon />
              </IconButton>
            </RowTooltip>
          </Flex>
        </Table.Cell>
      </Table.Row>
    );
  };

  return (
    <Flex direction="column" gap="5">
      <Flex
        direction={{ initial: 'column', sm: 'row' }}
        justify="between"
        align={{ initial: 'stretch', sm: 'end' }}
        gap="4"
      >
        <Box>
          <Heading as="h1" size="7">
            <FormattedMessage id="categories.title" />
          </Heading>
          <Text as="p" color="gray" mt="1">
            <FormattedMessage id="categories.subtitle" />
          </Text>
        </Box>
        <Button onClick={() => openForm(null)}>
          <PlusIcon />
          <FormattedMessage id="categories.add" />
        </Button>
      </Flex>
      <DataTable
        label={intl.formatMessage({ id: 'categories.title' })}
        columns={[
          { id: 'categories.column.name' },
          { id: 'categories.column.nameAr' },
          { id: 'categories.column.description' },
          { id: 'inventory.column.actions' },
        ]}
        loadError={
          categories.isError
            ? {
                title: <FormattedMessage id="categories.loadError" />,
                onRetry: () => void categories.refetch(),
                isRetrying: categories.isFetching,
              }
            : undefined
        }
        isLoading={categories.isPending}
        rows={categories.data ?? []}
        renderRow={renderRow}
        empty={<FormattedMessage id="categories.empty" />}
      />
      <CategoryFormDialog key={formSession} open={formOpen} onOpenChange={setFormOpen} category={formTarget} />
      <ConfirmDeleteDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        isPending={deletion.isPending}
        onConfirm={confirmDelete}
        title={<FormattedMessage id="categories.delete.title" />}
        description={
          <>
            <FormattedMessage id="categories.delete.confirm" />{' '}
            <FormattedMessage
              id="categories.delete.detail"
              values={{
                name: <bdi>{deleteTarget ? localizedName(deleteTarget.name, deleteTarget.nameAr, language) : ''}</bdi>,
              }}
            />
          </>
        }
      />
    </Flex>
  );
}
