import {
  categoryInputSchema,
  categorySchema,
  type Category,
  type CategoryInput,
  type CategoryInputValues,
} from '@pharmacy/contracts';
import { Table, TextArea, TextField } from '@radix-ui/themes';
import { FormattedMessage } from 'react-intl';
import { FormField } from '../../../components/form-field';
import { categoriesQueryKey, localizedName, useCategories } from '../../../lib/catalogue';
import type { ReferenceListConfig } from '../reference-list';
import { ReferenceListPage } from './reference-list-page';

/** Categories: a name and a description, each in English and Arabic. */
export const categoriesList: ReferenceListConfig<Category, CategoryInputValues, CategoryInput> = {
  path: '/api/categories',
  useItems: useCategories,
  queryKey: categoriesQueryKey,
  itemSchema: categorySchema,
  inputSchema: categoryInputSchema,
  canManage: (permissions) => permissions.canManageCategories,
  inUseCode: 'CATEGORY_IN_USE',
  messages: {
    title: { id: 'categories.title' },
    subtitle: { id: 'categories.subtitle' },
    accessDenied: { id: 'categories.accessDenied' },
    add: { id: 'categories.add' },
    loadError: { id: 'categories.loadError' },
    empty: { id: 'categories.empty' },
    editLabel: { id: 'categories.editLabel' },
    deleteLabel: { id: 'categories.deleteLabel' },
    deleteTitle: { id: 'categories.delete.title' },
    deleteConfirm: { id: 'categories.delete.confirm' },
    deleteDetail: { id: 'categories.delete.detail' },
    deleted: { id: 'categories.toast.deleted' },
    deleteFailed: { id: 'categories.toast.deleteFailed' },
    inUse: { id: 'categories.error.inUse' },
    created: { id: 'categories.toast.created' },
    updated: { id: 'categories.toast.updated' },
    createFailed: { id: 'categories.toast.createFailed' },
    updateFailed: { id: 'categories.toast.updateFailed' },
    createTitle: { id: 'categories.form.createTitle' },
    editTitle: { id: 'categories.form.editTitle' },
    formDescription: { id: 'categories.form.description' },
    create: { id: 'categories.form.create' },
    update: { id: 'categories.form.update' },
  },
  columns: [
    { id: 'categories.column.name' },
    { id: 'categories.column.nameAr' },
    { id: 'categories.column.description' },
  ],
  cells: (category, language) => (
    <>
      <Table.Cell>{category.nameAr ? <bdi lang="ar">{category.nameAr}</bdi> : '—'}</Table.Cell>
      <Table.Cell>
        <bdi>{localizedName(category.description ?? '', category.descriptionAr, language) || '—'}</bdi>
      </Table.Cell>
    </>
  ),
  nameOf: (category, language) => localizedName(category.name, category.nameAr, language),
  formValues: (category) => ({
    name: category?.name ?? '',
    nameAr: category?.nameAr ?? '',
    description: category?.description ?? '',
    descriptionAr: category?.descriptionAr ?? '',
  }),
  fields: ({ form, disabled, errorText }) => (
    <>
      <FormField label={<FormattedMessage id="categories.form.name" />} error={errorText('name')} required>
        {(props) => <TextField.Root {...props} {...form.register('name')} disabled={disabled} autoComplete="off" />}
      </FormField>
      <FormField label={<FormattedMessage id="categories.form.nameAr" />} error={errorText('nameAr')}>
        {(props) => (
          <TextField.Root
            {...props}
            {...form.register('nameAr')}
            disabled={disabled}
            dir="rtl"
            lang="ar"
            autoComplete="off"
          />
        )}
      </FormField>
      <FormField label={<FormattedMessage id="categories.form.descriptionEn" />} error={errorText('description')}>
        {(props) => <TextArea {...props} {...form.register('description')} rows={3} disabled={disabled} />}
      </FormField>
      <FormField label={<FormattedMessage id="categories.form.descriptionAr" />} error={errorText('descriptionAr')}>
        {(props) => (
          <TextArea {...props} {...form.register('descriptionAr')} rows={3} dir="rtl" lang="ar" disabled={disabled} />
        )}
      </FormField>
    </>
  ),
};

/** /categories (specification 001 §2): administrators only. */
export function CategoriesPage() {
  return <ReferenceListPage config={categoriesList} />;
}
