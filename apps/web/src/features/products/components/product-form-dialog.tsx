import { productSchema, salesUnits, type Product, type ProductInput } from '@pharmacy/contracts';
import { Box, Button, Callout, Dialog, Flex, Grid, Select, Switch, Text, TextArea, TextField } from '@radix-ui/themes';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { DatePicker } from '../../../components/date-picker';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { FormField } from '../../../components/form-field';
import { StaleEditCallout } from '../../../components/stale-edit-callout';
import { CameraIcon } from '../../../components/icons';
import { useToast } from '../../../components/toaster';
import { useLanguage } from '../../../i18n/use-language';
import { apiErrorDetailsOf, apiErrorOf } from '../../../lib/api';
import { useRole } from '../../../lib/authorization';
import { localizedName, useCategories, useSuppliers } from '../../../lib/catalogue';
import { todayIso } from '../../../lib/dates';
import { salesUnitLabels } from '../../../lib/sales-units';
import { localizedPharmacy, useSignedInUser } from '../../../lib/session';
import { translateValidationMessage } from '../../../lib/validation-message';
import { useCreateProduct } from '../api/create-product';
import { useUpdateProduct } from '../api/update-product';
import { useUserPharmacies } from '../api/user-pharmacies';
import { normalisePhotoExpiry } from '../utils/expiry-from-photo';
import {
  emptyProductForm,
  productFormResolver,
  productFormValues,
  type ProductFormValues,
  type ProductRequest,
} from '../utils/product-form';
import { PhotoCapture, type RecognizedProduct } from './photo-capture';
import { useFocusReturn } from '../../../lib/focus-return';

const NONE = '__none__';

export interface ProductFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The product to edit; null to add one. */
  product: Product | null;
}

/** Give it a new `key` per opening: the form takes its starting values when it mounts. */
export function ProductFormDialog({ open, onOpenChange, product }: ProductFormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <ProductFormContent product={product} onDone={() => onOpenChange(false)} />
    </Dialog.Root>
  );
}

function ProductFormContent({ product, onDone }: { product: Product | null; onDone(): void }) {
  const focusReturn = useFocusReturn();
  const intl = useIntl();
  const { language } = useLanguage();
  const { toast } = useToast();
  const user = useSignedInUser();
  const role = useRole();
  const isEdit = product !== null;
  const mode = isEdit ? 'edit' : 'create';
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const isPending = create.isPending || update.isPending;
  const categories = useCategories();
  const suppliers = useSuppliers();
  // Specification 001 §6: a pharmacist's first assigned pharmacy is preselected for initial stock.
  const assignments = useUserPharmacies(user.id, { enabled: !isEdit && role === 'pharmacist' });
  const [photoOpen, setPhotoOpen] = useState(false);
  /** Packs side by side in the last photo: the server filled the form from one of them, and this says which. */
  const [severalInPhoto, setSeveralInPhoto] = useState<{ count: number; code: string } | null>(null);
  // An edit names the version the form was loaded at; a product changed since is refused and shown here.
  const [loadedVersion, setLoadedVersion] = useState<number | null>(product?.version ?? null);
  const [changedMeanwhile, setChangedMeanwhile] = useState<Product | null>(null);

  const stockLocations = useMemo(() => {
    if (role === 'pharmacist') {
      return (assignments.data ?? [])
        .filter((assignment) => assignment.isActive)
        .map((assignment) => ({
          id: assignment.pharmacyId,
          name: localizedName(assignment.pharmacyName, assignment.pharmacyNameAr, language),
        }));
    }
    return user.pharmacies.map((pharmacy) => ({ id: pharmacy.id, name: localizedPharmacy(pharmacy, language).name }));
  }, [role, assignments.data, user.pharmacies, language]);

  const form = useForm<ProductFormValues, unknown, ProductRequest>({
    resolver: productFormResolver(mode, () => todayIso()),
    // An administrator starts from the pharmacy they work in; a pharmacist's list arrives below.
    defaultValues: product
      ? productFormValues(product)
      : emptyProductForm(role === 'admin' ? (user.currentPharmacyId ?? '') : ''),
  });
  const commissionEnabled = useWatch({ control: form.control, name: 'commissionEnabled' });

  const firstAssignment = stockLocations[0]?.id;
  useEffect(() => {
    if (!isEdit && role === 'pharmacist' && firstAssignment && form.getValues('pharmacyId') === '') {
      form.setValue('pharmacyId', firstAssignment);
    }
  }, [isEdit, role, firstAssignment, form]);

  const failure = isEdit
    ? intl.formatMessage({ id: 'products.toast.updateFailed' })
    : intl.formatMessage({ id: 'products.toast.createFailed' });

  function handleError(error: unknown, values: ProductFormValues) {
    const apiError = apiErrorOf(error);
    let reason: string | undefined;
    for (const item of apiError?.errors ?? []) {
      if (item.field in values) {
        form.setError(item.field as FieldPath<ProductFormValues>, { type: 'server', message: item.message });
      }
    }
    const details = apiErrorDetailsOf(error);
    switch (apiError?.code ?? 'NONE') {
      case 'STALE_EDIT': {
        const current = productSchema.safeParse(details.current);
        if (current.success) setChangedMeanwhile(current.data);
        reason = intl.formatMessage({ id: 'products.error.staleEdit' });
        break;
      }
      case 'DUPLICATE_VALUE':
        if (details.kind === 'product-barcode') {
          reason = intl.formatMessage({ id: 'products.error.barcodeTaken' }, { value: values.barcode.trim() });
          form.setError('barcode', { type: 'server', message: reason });
        } else {
          reason = intl.formatMessage({ id: 'products.error.skuTaken' }, { value: values.sku.trim() });
          form.setError('sku', { type: 'server', message: reason });
        }
        break;
      case 'VALIDATION_FAILED':
        reason = apiError?.errors?.length
          ? intl.formatMessage({ id: 'products.error.checkFields' })
          : translateValidationMessage(intl, apiError?.message);
        break;
      case 'EXPIRY_IN_PAST':
        form.setError('expiryDate', { type: 'server', message: apiError?.message });
        reason = translateValidationMessage(intl, apiError?.message);
        break;
      case 'PRODUCT_NOT_FOUND':
        reason = intl.formatMessage({ id: 'products.delete.notFound' });
        break;
      case 'PHARMACY_FORBIDDEN':
        reason = intl.formatMessage({ id: 'inventory.error.pharmacyForbidden' });
        break;
      case 'NONE':
        break;
      default:
        reason = apiError && apiError.statusCode < 500 ? translateValidationMessage(intl, apiError.message) : undefined;
    }
    toast(
      reason
        ? { variant: 'error', title: failure, description: reason }
        : { variant: 'error', title: intl.formatMessage({ id: 'common.error' }), description: failure },
    );
  }

  const onSubmit = form.handleSubmit((request) => {
    const values = form.getValues();
    const done = (message: string) => {
      toast({ title: intl.formatMessage({ id: 'common.success' }), description: message });
      onDone();
    };
    if (product) {
      update.mutate(
        { id: product.id, input: { ...(request as ProductInput), version: loadedVersion } },
        {
          onSuccess: () => done(intl.formatMessage({ id: 'products.toast.updated' })),
          onError: (error) => handleError(error, values),
        },
      );
    } else {
      create.mutate(request as Parameters<typeof create.mutate>[0], {
        onSuccess: () => done(intl.formatMessage({ id: 'products.toast.created' })),
        onError: (error) => handleError(error, values),
      });
    }
  });

  function restartFrom(current: Product) {
    form.reset(productFormValues(current));
    setLoadedVersion(current.version);
    setChangedMeanwhile(null);
  }

  const onRecognized = (data: RecognizedProduct) => {
    const name = data.suggestedProduct?.name || data.drugName;
    if (name) form.setValue('name', name, { shouldDirty: true });
    if (data.suggestedProduct?.description) form.setValue('description', data.suggestedProduct.description);
    if (data.suggestedProduct?.sku) form.setValue('sku', data.suggestedProduct.sku, { shouldDirty: true });
    if (data.barcode) form.setValue('barcode', data.barcode, { shouldDirty: true });
    setPhotoOpen(false);
    const others = data.otherProducts?.length ?? 0;
    setSeveralInPhoto(others > 0 ? { count: others + 1, code: data.barcode ?? '' } : null);
    const expiry = normalisePhotoExpiry(data.expiryDate);
    switch (expiry.kind) {
      case 'date':
        form.setValue('expiryDate', expiry.date, { shouldDirty: true });
        toast({
          title: intl.formatMessage({ id: 'products.photo.recognized.title' }),
          description: intl.formatMessage(
            { id: 'products.photo.recognized' },
            { name: name ?? '', confidence: Math.round((data.confidence ?? 0) * 100) },
          ),
        });
        break;
      case 'missing':
        toast({
          variant: 'error',
          title: intl.formatMessage({ id: 'products.photo.noExpiry.title' }),
          description: intl.formatMessage({ id: 'products.photo.noExpiry' }),
        });
        break;
      case 'invalid':
        toast({
          variant: 'error',
          title: intl.formatMessage({ id: 'products.photo.invalidExpiry.title' }),
          description: intl.formatMessage({ id: 'products.photo.invalidExpiry' }, { value: expiry.text }),
        });
        break;
      case 'unreadable':
        toast({
          variant: 'error',
          title: intl.formatMessage({ id: 'products.photo.expiryFormat.title' }),
          description: intl.formatMessage({ id: 'products.photo.expiryFormat' }, { value: expiry.text }),
        });
        break;
    }
  };

  const errorText = (field: FieldPath<ProductFormValues>) =>
    translateValidationMessage(intl, form.getFieldState(field, form.formState).error?.message);

  const text = (field: FieldPath<ProductFormValues>, label: ReactNode, options: TextOptions = {}) => (
    <FormField label={label} error={errorText(field)} required={options.required}>
      {(props) => (
        <TextField.Root
          {...props}
          {...form.register(field)}
          type={options.type}
          inputMode={options.inputMode}
          step={options.step}
          min={options.min}
          max={options.max}
          dir={options.dir}
          lang={options.dir === 'rtl' ? 'ar' : undefined}
          placeholder={options.placeholder}
          disabled={isPending || options.disabled}
          autoComplete="off"
        />
      )}
    </FormField>
  );

  const textArea = (field: 'description' | 'descriptionAr', label: ReactNode, rtl = false) => (
    <FormField label={label} error={errorText(field)}>
      {(props) => (
        <TextArea
          {...props}
          {...form.register(field)}
          rows={2}
          dir={rtl ? 'rtl' : undefined}
          lang={rtl ? 'ar' : undefined}
          disabled={isPending}
        />
      )}
    </FormField>
  );

  const reference = (
    field: 'categoryId' | 'supplierId' | 'pharmacyId',
    label: ReactNode,
    options: { id: string; name: string }[],
    noneLabel: string,
  ) => (
    <FormField label={label} error={errorText(field)}>
      {({ id, ...aria }) => (
        <Controller
          control={form.control}
          name={field}
          render={({ field: control }) => (
            <Select.Root
              value={control.value || NONE}
              onValueChange={(value) => control.onChange(value === NONE ? '' : value)}
              disabled={isPending}
            >
              <Select.Trigger id={id} {...aria} style={{ width: '100%' }} />
              <Select.Content position="popper">
                <Select.Item value={NONE}>{noneLabel}</Select.Item>
                {options.map((option) => (
                  <Select.Item key={option.id} value={option.id}>
                    {option.name}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          )}
        />
      )}
    </FormField>
  );

  const toggle = (
    field: 'requiresPrescription' | 'isActive' | 'commissionEnabled',
    label: ReactNode,
    hint?: ReactNode,
  ) => (
    <Text as="label" size="2">
      <Flex gap="3" align="center">
        <Controller
          control={form.control}
          name={field}
          render={({ field: control }) => (
            <Switch
              checked={control.value}
              onCheckedChange={control.onChange}
              onBlur={control.onBlur}
              ref={control.ref}
              disabled={isPending}
            />
          )}
        />
        <Box>
          <Text weight="medium" as="div">
            {label}
          </Text>
          {hint && (
            <Text color="gray" size="1" as="div">
              {hint}
            </Text>
          )}
        </Box>
      </Flex>
    </Text>
  );

  const keepOpenWhilePending = (event: Event) => {
    if (isPending) event.preventDefault();
  };

  return (
    <Dialog.Content
      {...focusReturn}
      maxWidth="760px"
      onEscapeKeyDown={keepOpenWhilePending}
      onPointerDownOutside={keepOpenWhilePending}
      onInteractOutside={keepOpenWhilePending}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Flex justify="between" align="start" gap="3" wrap="wrap">
          <Box>
            <Dialog.Title>
              {isEdit ? (
                <FormattedMessage id="products.form.editTitle" />
              ) : (
                <FormattedMessage id="products.form.createTitle" />
              )}
            </Dialog.Title>
            <Dialog.Description size="2" color="gray">
              {isEdit ? (
                <FormattedMessage id="products.form.editDescription" />
              ) : (
                <FormattedMessage id="products.form.createDescription" />
              )}
            </Dialog.Description>
          </Box>
          {!isEdit && (
            <Button
              type="button"
              variant={photoOpen ? 'solid' : 'soft'}
              onClick={() => setPhotoOpen((open) => !open)}
              aria-expanded={photoOpen}
              disabled={isPending}
            >
              <CameraIcon />
              <FormattedMessage id="products.photo.open" />
            </Button>
          )}
        </Flex>

        {photoOpen && (
          <Box mt="4">
            <PhotoCapture onRecognized={onRecognized} />
          </Box>
        )}

        {severalInPhoto && (
          <Callout.Root color="amber" role="status" mt="4">
            <Flex direction="column" gap="1">
              <Text weight="bold" size="2">
                <FormattedMessage id="products.photo.severalProducts.title" />
              </Text>
              <Callout.Text>
                <FormattedMessage id="products.photo.severalProducts" values={severalInPhoto} />
              </Callout.Text>
            </Flex>
          </Callout.Root>
        )}

        {changedMeanwhile && (
          <Box mt="4">
            <StaleEditCallout onUseCurrent={() => restartFrom(changedMeanwhile)}>
              <FormattedMessage
                id="products.staleEdit.now"
                values={{
                  name: localizedName(changedMeanwhile.name, changedMeanwhile.nameAr, language),
                  price: changedMeanwhile.price,
                }}
              />
            </StaleEditCallout>
          </Box>
        )}

        <Section title={<FormattedMessage id="products.form.section.details" />}>
          {text('sku', <FormattedMessage id="products.form.sku" />, { required: true, dir: 'ltr' })}
          {text('barcode', <FormattedMessage id="products.form.barcode" />, { dir: 'ltr', inputMode: 'numeric' })}
          {text('name', <FormattedMessage id="products.form.name" />, { required: true })}
          {text('nameAr', <FormattedMessage id="products.form.nameAr" />, { dir: 'rtl' })}
          {text('genericName', <FormattedMessage id="products.form.genericName" />)}
          {text('genericNameAr', <FormattedMessage id="products.form.genericNameAr" />, { dir: 'rtl' })}
          {text('brand', <FormattedMessage id="products.form.brand" />)}
          {reference(
            'categoryId',
            <FormattedMessage id="products.form.category" />,
            (categories.data ?? []).map((category) => ({
              id: category.id,
              name: localizedName(category.name, category.nameAr, language),
            })),
            intl.formatMessage({ id: 'products.form.noCategory' }),
          )}
          {reference(
            'supplierId',
            <FormattedMessage id="products.form.supplier" />,
            (suppliers.data ?? [])
              .filter((supplier) => supplier.isActive || supplier.id === product?.supplierId)
              .map((supplier) => ({ id: supplier.id, name: supplier.name })),
            intl.formatMessage({ id: 'products.form.noSupplier' }),
          )}
          <Box />
          {textArea('description', <FormattedMessage id="products.form.description" />)}
          {textArea('descriptionAr', <FormattedMessage id="products.form.descriptionAr" />, true)}
        </Section>

        <Section title={<FormattedMessage id="products.form.section.pricing" />}>
          {text('price', <FormattedMessage id="products.form.price" />, {
            required: true,
            type: 'number',
            inputMode: 'decimal',
            step: 0.01,
            min: 0,
            placeholder: '0.00',
          })}
          {text('cost', <FormattedMessage id="products.form.cost" />, {
            type: 'number',
            inputMode: 'decimal',
            step: 0.01,
            min: 0,
            placeholder: '0.00',
          })}
          <FormField label={<FormattedMessage id="products.form.salesUnit" />} error={errorText('salesUnit')}>
            {({ id, ...aria }) => (
              <Controller
                control={form.control}
                name="salesUnit"
                render={({ field }) => (
                  <Select.Root value={field.value} onValueChange={field.onChange} disabled={isPending}>
                    <Select.Trigger id={id} {...aria} style={{ width: '100%' }} />
                    <Select.Content position="popper">
                      {salesUnits.map((unit) => (
                        <Select.Item key={unit} value={unit}>
                          {intl.formatMessage(salesUnitLabels[unit])}
                        </Select.Item>
                      ))}
                    </Select.Content>
                  </Select.Root>
                )}
              />
            )}
          </FormField>
          {text('unitsPerPackage', <FormattedMessage id="products.form.unitsPerPackage" />, {
            type: 'number',
            inputMode: 'numeric',
            step: 1,
            min: 1,
          })}
          <Box gridColumn={{ sm: 'span 2' }}>
            {toggle(
              'commissionEnabled',
              <FormattedMessage id="products.form.commissionEnabled" />,
              <FormattedMessage id="products.form.commissionHint" />,
            )}
          </Box>
          {text('commissionRate', <FormattedMessage id="products.form.commissionRate" />, {
            type: 'number',
            inputMode: 'decimal',
            step: 0.01,
            min: 0,
            max: 100,
            // Specification 001 §2: editable only when commission is enabled.
            disabled: !commissionEnabled,
          })}
        </Section>

        <Section title={<FormattedMessage id="products.form.section.stock" />}>
          {text('minStockLevel', <FormattedMessage id="products.form.minStockLevel" />, {
            type: 'number',
            inputMode: 'numeric',
            step: 1,
            min: 0,
          })}
          {text('maxStockLevel', <FormattedMessage id="products.form.maxStockLevel" />, {
            type: 'number',
            inputMode: 'numeric',
            step: 1,
            min: 0,
          })}
          {text('shelfLocation', <FormattedMessage id="products.form.shelfLocation" />)}
          {toggle('requiresPrescription', <FormattedMessage id="products.form.requiresPrescription" />)}
          {toggle(
            'isActive',
            <FormattedMessage id="products.form.isActive" />,
            <FormattedMessage id="products.form.isActiveHint" />,
          )}
        </Section>

        {!isEdit && (
          <Section
            title={<FormattedMessage id="products.form.section.initialStock" />}
            description={<FormattedMessage id="products.form.initialStockHint" />}
          >
            {text('initialQuantity', <FormattedMessage id="products.form.initialQuantity" />, {
              type: 'number',
              inputMode: 'numeric',
              step: 1,
              min: 0,
            })}
            {reference(
              'pharmacyId',
              <FormattedMessage id="products.form.pharmacy" />,
              stockLocations,
              intl.formatMessage({ id: 'products.form.noPharmacy' }),
            )}
            {text('batchNumber', <FormattedMessage id="products.form.batchNumber" />, { dir: 'ltr' })}
            <FormField label={<FormattedMessage id="products.form.expiryDate" />} error={errorText('expiryDate')}>
              {(props) => (
                <Controller
                  control={form.control}
                  name="expiryDate"
                  render={({ field }) => (
                    <DatePicker
                      {...props}
                      value={field.value}
                      onChange={field.onChange}
                      label={intl.formatMessage({ id: 'products.form.expiryDate' })}
                      placeholder={intl.formatMessage({ id: 'datePicker.placeholder' })}
                      min={todayIso()}
                      disabled={isPending}
                    />
                  )}
                />
              )}
            </FormField>
          </Section>
        )}

        <FormDialogFooter
          isPending={isPending}
          submitLabel={
            isEdit ? <FormattedMessage id="products.form.update" /> : <FormattedMessage id="products.form.create" />
          }
        />
      </form>
    </Dialog.Content>
  );
}

interface TextOptions {
  required?: boolean;
  type?: 'number';
  inputMode?: 'numeric' | 'decimal';
  step?: number;
  min?: number;
  max?: number;
  dir?: 'ltr' | 'rtl';
  placeholder?: string;
  disabled?: boolean;
}

function Section({ title, description, children }: { title: ReactNode; description?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="form-section">
      <legend>
        <Text size="3" weight="bold">
          {title}
        </Text>
      </legend>
      {description && (
        <Text as="p" size="2" color="gray" mb="3">
          {description}
        </Text>
      )}
      <Grid columns={{ initial: '1', sm: '2' }} gap="3">
        {children}
      </Grid>
    </fieldset>
  );
}
