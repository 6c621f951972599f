import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form, Input, Modal, Radio, Typography, theme } from 'antd';
import {
  DEFAULT_FOLDER_COLOR,
  DOCUMENT_LIMITS,
  FOLDER_COLORS,
  createFolderSchema,
  type DocumentFolder,
  type FolderColor,
} from '@aide/contracts';
import { useFormFields } from '@aide/ui';
import { colorLabel, FOLDER_COLOR_VALUES } from './folderColors';
import { messageText, useT } from '../i18n';

/** Spec §5: a non-blank name ('Folder name is required') and one of six colours, blue by default. */
const folderFormSchema = createFolderSchema.pick({ name: true, color: true });

export interface FolderFormValues {
  name: string;
  color: FolderColor;
}

export interface FolderDialogProps {
  open: boolean;
  /** The folder being edited; null creates one. */
  folder: DocumentFolder | null;
  /** Where a new folder goes, e.g. 'Root' or 'Work / Contracts'. */
  parentLabel: string;
  saving: boolean;
  onClose: () => void;
  /** Saves; resolves true when saved (the dialog then closes), false to stay open. */
  onSave: (values: FolderFormValues) => Promise<boolean>;
}

export default function FolderDialog({ open, folder, parentLabel, saving, onClose, onSave }: FolderDialogProps) {
  const { token } = theme.useToken();
  const t = useT();
  const initial = (f: DocumentFolder | null): FolderFormValues => ({
    name: f?.name ?? '',
    color: f?.color ?? DEFAULT_FOLDER_COLOR,
  });
  const {
    control,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<FolderFormValues>({ resolver: zodResolver(folderFormSchema) as never, defaultValues: initial(folder) });
  const fields = useFormFields<keyof FolderFormValues>(errors);
  const { idFor } = fields;
  /** A field's Form.Item props, its error in the reader's language. */
  const itemProps = (name: keyof FolderFormValues) => {
    const props = fields.itemProps(name);
    return { ...props, help: messageText(props.help) };
  };

  useEffect(() => {
    if (open) reset(initial(folder));
  }, [open, folder, reset]);

  const submit = handleSubmit(async (values) => {
    if (saving) return;
    if (await onSave(values)) onClose();
  });

  return (
    <Modal
      open={open}
      title={folder ? t('folder.editTitle') : t('folder.newTitle')}
      okText={folder ? t('folder.save') : t('folder.create')}
      cancelText={t('folder.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      afterOpenChange={(visible) => visible && setFocus('name')}
      destroyOnHidden
    >
      <Form layout="vertical" style={{ marginTop: token.marginMD }} onFinish={() => void submit()}>
        {folder ? null : (
          <Typography.Paragraph type="secondary" style={{ marginTop: -token.marginXS }}>
            {t('folder.in', { folder: parentLabel })}
          </Typography.Paragraph>
        )}
        <Form.Item label={t('folder.name')} required {...itemProps('name')}>
          <Controller
            name="name"
            control={control}
            render={({ field }) => (
              <Input
                {...field}
                id={idFor('name')}
                placeholder={t('folder.namePlaceholder')}
                maxLength={DOCUMENT_LIMITS.folderNameMax}
                autoComplete="off"
              />
            )}
          />
        </Form.Item>
        <Form.Item label={t('folder.colour')} {...itemProps('color')} style={{ marginBottom: 0 }}>
          <Controller
            name="color"
            control={control}
            render={({ field }) => (
              <Radio.Group
                id={idFor('color')}
                aria-label={t('folder.colour')}
                value={field.value}
                onChange={(e) => field.onChange(e.target.value)}
                style={{ display: 'flex', flexWrap: 'wrap', rowGap: token.marginXS }}
                options={FOLDER_COLORS.map((value) => ({
                  value,
                  label: (
                    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
                      <span
                        className="aide-docs-swatch"
                        aria-hidden
                        style={{ background: FOLDER_COLOR_VALUES[value] }}
                      />
                      {colorLabel(value)}
                    </span>
                  ),
                }))}
              />
            )}
          />
        </Form.Item>
        {/* Enter in the name submits. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
