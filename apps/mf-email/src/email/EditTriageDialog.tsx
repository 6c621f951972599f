import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form, Modal, Radio, Select, theme } from 'antd';
import {
  EMAIL_CATEGORIES,
  EMAIL_PRIORITIES,
  updateEmailSchema,
  type Email,
  type EmailCategory,
  type EmailPriority,
} from '@aide/contracts';
import { useFormFields } from '@aide/ui';
import { useT } from '../i18n';

/** Both fields are sent together (spec §7: priority and category, null for none). */
const triageSchema = updateEmailSchema.pick({ priority: true, category: true }).required({ priority: true });

interface TriageValues {
  priority: EmailPriority;
  category: EmailCategory | null;
}

/** The Select cannot hold null: 'None' travels as this value. */
const NONE = '__none__';
export interface EditTriageDialogProps {
  open: boolean;
  email: Email | null;
  saving: boolean;
  onClose: () => void;
  /** Saves; resolves true when saved (the dialog then closes), false to stay open. */
  onSave: (priority: EmailPriority, category: EmailCategory | null) => Promise<boolean>;
}

export function EditTriageDialog({ open, email, saving, onClose, onSave }: EditTriageDialogProps) {
  const t = useT();
  const { token } = theme.useToken();
  const categoryOptions = [
    { value: NONE, label: t('triage.none') },
    ...EMAIL_CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) })),
  ];
  const values = (e: Email | null): TriageValues => ({
    priority: e?.priority ?? 'regular',
    category: e?.category ?? null,
  });
  const {
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TriageValues>({ resolver: zodResolver(triageSchema) as never, defaultValues: values(email) });
  const { idFor, itemProps } = useFormFields<keyof TriageValues>(errors);

  useEffect(() => {
    if (open) reset(values(email));
  }, [open, email, reset]);

  const submit = handleSubmit(async ({ priority, category }) => {
    if (saving) return;
    if (await onSave(priority, category ?? null)) onClose();
  });

  return (
    <Modal
      open={open}
      title={t('actions.editTriage')}
      okText={t('triage.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" style={{ marginTop: token.marginMD }}>
        <Form.Item label={t('common.priority')} {...itemProps('priority')}>
          <Controller
            name="priority"
            control={control}
            render={({ field }) => (
              <Radio.Group
                id={idFor('priority')}
                aria-label={t('common.priority')}
                optionType="button"
                buttonStyle="solid"
                value={field.value}
                onChange={(e) => field.onChange(e.target.value)}
                options={EMAIL_PRIORITIES.map((value) => ({ value, label: t(`priority.${value}`) }))}
              />
            )}
          />
        </Form.Item>
        <Form.Item label={t('common.category')} {...itemProps('category')} style={{ marginBottom: 0 }}>
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
                // Ten short options: all of them at once, no scrolling list.
                listHeight={360}
                virtual={false}
              />
            )}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
