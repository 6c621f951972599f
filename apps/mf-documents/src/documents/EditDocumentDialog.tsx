import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form, Input, Modal, Select, theme } from 'antd';
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_LIMITS,
  editDocumentFormSchema,
  type DocumentCategory,
  type DocumentSummary,
  type EditDocumentFormInput,
  type UpdateDocumentInput,
} from '@aide/contracts';
import { useFormFields } from '@aide/ui';
import { messageText, useT } from '../i18n';
import { categoryLabel } from './documentFiles';

type EditValues = EditDocumentFormInput;
type EditOutput = { originalName: string; category: DocumentCategory | null; tags: string[]; summary: string };

/** The Select cannot hold null: 'None' travels as this value. */
const NONE = '__none__';

/** The form's values for a document: tags as the comma-separated text the user edits. */
export const editValues = (doc: DocumentSummary | null): EditValues => ({
  originalName: doc?.originalName ?? '',
  category: doc?.category ?? null,
  tags: doc?.tags.join(', ') ?? '',
  summary: doc?.summary ?? '',
});

/** documentsEndpoints.update's body from the validated form: the tags as a list, a blank summary as null. */
export const toUpdatePayload = (values: EditOutput): UpdateDocumentInput => ({
  originalName: values.originalName,
  category: values.category,
  tags: values.tags,
  summary: values.summary || null,
});

/** A list's errors nest per item (tags.0): the first message found, for the field's help. */
export function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  for (const [key, value] of Object.entries(error)) {
    // `ref` is the field's element, not an error.
    const found = key === 'ref' ? undefined : firstMessage(value);
    if (found) return found;
  }
  return undefined;
}

export interface EditDocumentDialogProps {
  open: boolean;
  doc: DocumentSummary | null;
  saving: boolean;
  onClose: () => void;
  /** Saves; resolves true when saved (the dialog then closes), false to stay open. */
  onSave: (payload: UpdateDocumentInput) => Promise<boolean>;
}

export default function EditDocumentDialog({ open, doc, saving, onClose, onSave }: EditDocumentDialogProps) {
  const { token } = theme.useToken();
  const t = useT();
  const {
    control,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<EditValues, unknown, EditOutput>({
    resolver: zodResolver(editDocumentFormSchema) as never,
    defaultValues: editValues(doc),
  });
  const fields = useFormFields<keyof EditValues>(errors);
  const { idFor } = fields;
  /** A field's Form.Item props, its error in the reader's language. */
  const itemProps = (name: keyof EditValues) => {
    const props = fields.itemProps(name);
    return { ...props, help: messageText(props.help) };
  };
  const categoryOptions = [
    { value: NONE, label: t('edit.none') },
    ...DOCUMENT_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) })),
  ];

  const tagsHelp = messageText(firstMessage(errors.tags));
  const tagsItem = { ...itemProps('tags'), help: tagsHelp, validateStatus: tagsHelp ? ('error' as const) : undefined };

  useEffect(() => {
    if (open) reset(editValues(doc));
  }, [open, doc, reset]);

  const submit = handleSubmit(async (values) => {
    if (saving) return;
    if (await onSave(toUpdatePayload(values))) onClose();
  });

  return (
    <Modal
      open={open}
      title={t('edit.title')}
      okText={t('edit.save')}
      cancelText={t('edit.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      afterOpenChange={(visible) => visible && setFocus('originalName')}
      width={{ xs: '100%', sm: '92%', md: 560 }}
      destroyOnHidden
    >
      <Form layout="vertical" style={{ marginTop: token.marginMD }} onFinish={() => void submit()}>
        <Form.Item label={t('edit.name')} required {...itemProps('originalName')}>
          <Controller
            name="originalName"
            control={control}
            render={({ field }) => (
              <Input {...field} id={idFor('originalName')} maxLength={DOCUMENT_LIMITS.nameMax} autoComplete="off" />
            )}
          />
        </Form.Item>
        <Form.Item label={t('edit.category')} {...itemProps('category')}>
          <Controller
            name="category"
            control={control}
            render={({ field }) => (
              <Select
                id={idFor('category')}
                ref={field.ref}
                value={field.value ?? NONE}
                onChange={(value: string) => field.onChange(value === NONE ? null : value)}
                onBlur={field.onBlur}
                options={categoryOptions}
                listHeight={320}
                virtual={false}
              />
            )}
          />
        </Form.Item>
        <Form.Item label={t('edit.tags')} {...tagsItem} extra={tagsItem.help ? undefined : t('edit.tagsHelp')}>
          <Controller
            name="tags"
            control={control}
            render={({ field }) => (
              <Input {...field} id={idFor('tags')} placeholder={t('edit.tagsPlaceholder')} autoComplete="off" />
            )}
          />
        </Form.Item>
        <Form.Item label={t('edit.summary')} {...itemProps('summary')} style={{ marginBottom: 0 }}>
          <Controller
            name="summary"
            control={control}
            render={({ field }) => (
              <Input.TextArea
                {...field}
                id={idFor('summary')}
                placeholder={t('edit.summaryPlaceholder')}
                autoSize={{ minRows: 3, maxRows: 10 }}
                maxLength={DOCUMENT_LIMITS.summaryMax}
                showCount={{
                  formatter: ({ count, maxLength }) =>
                    count > (maxLength ?? 0) * 0.8 ? `${count} / ${maxLength}` : '',
                }}
              />
            )}
          />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
