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
import { FOLDER_COLOR_LABELS, FOLDER_COLOR_VALUES } from './folderColors';

export const FOLDER_DIALOG_TEXT = {
  newTitle: 'New Folder',
  editTitle: 'Edit Folder',
  create: 'Create Folder',
  save: 'Save Changes',
  name: 'Name',
  namePlaceholder: 'e.g. Taxes 2025',
  colour: 'Colour',
} as const;

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
  const { idFor, itemProps } = useFormFields<keyof FolderFormValues>(errors);

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
      title={folder ? FOLDER_DIALOG_TEXT.editTitle : FOLDER_DIALOG_TEXT.newTitle}
      okText={folder ? FOLDER_DIALOG_TEXT.save : FOLDER_DIALOG_TEXT.create}
      cancelText="Cancel"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      afterOpenChange={(visible) => visible && setFocus('name')}
      destroyOnHidden
    >
      <Form layout="vertical" style={{ marginTop: token.marginMD }} onFinish={() => void submit()}>
        {folder ? null : (
          <Typography.Paragraph type="secondary" style={{ marginTop: -token.marginXS }}>
            {`In ${parentLabel}`}
          </Typography.Paragraph>
        )}
        <Form.Item label={FOLDER_DIALOG_TEXT.name} required {...itemProps('name')}>
          <Controller
            name="name"
            control={control}
            render={({ field }) => (
              <Input
                {...field}
                id={idFor('name')}
                placeholder={FOLDER_DIALOG_TEXT.namePlaceholder}
                maxLength={DOCUMENT_LIMITS.folderNameMax}
                autoComplete="off"
              />
            )}
          />
        </Form.Item>
        <Form.Item label={FOLDER_DIALOG_TEXT.colour} {...itemProps('color')} style={{ marginBottom: 0 }}>
          <Controller
            name="color"
            control={control}
            render={({ field }) => (
              <Radio.Group
                id={idFor('color')}
                aria-label={FOLDER_DIALOG_TEXT.colour}
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
                      {FOLDER_COLOR_LABELS[value]}
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
