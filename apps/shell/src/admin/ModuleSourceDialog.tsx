import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form, Input, Modal, Typography, theme } from 'antd';
import type { z } from 'zod';
import { updateModuleSourceSchema, type AdminModuleEntry } from '@aide/contracts';
import { useAdminNotify } from './useAdminNotify';
import { useUpdateModuleSource } from './useAdminModules';

const TEXT = { updated: 'Module source updated successfully', failed: 'Failed to update module source' } as const;

/** The contract's schema, but the dialog always sets a URL (resetting has its own action). */
const formSchema = updateModuleSourceSchema.extend({
  manifestUrl: updateModuleSourceSchema.shape.manifestUrl.unwrap(),
});
type FormValues = z.input<typeof formSchema>;

export function ModuleSourceDialog({
  module,
  open,
  onClose,
}: {
  module: AdminModuleEntry | null;
  open: boolean;
  onClose: () => void;
}) {
  const { token } = theme.useToken();
  const notify = useAdminNotify();
  const updateSource = useUpdateModuleSource();
  const inputId = useId();
  const {
    control,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { manifestUrl: '' },
  });

  useEffect(() => {
    if (open && module) reset({ manifestUrl: module.manifestUrl });
  }, [open, module, reset]);

  const submit = handleSubmit(async ({ manifestUrl }) => {
    if (!module || updateSource.isPending) return;
    try {
      await updateSource.mutateAsync({ id: module.id, payload: { manifestUrl } });
      notify.success(TEXT.updated);
      onClose();
    } catch (error) {
      notify.failure(TEXT.failed, error);
    }
  });

  const message = errors.manifestUrl?.message;
  return (
    <Modal
      open={open}
      title={module ? `Module source: ${module.title}` : 'Module source'}
      okText="Save"
      cancelText="Cancel"
      confirmLoading={updateSource.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      afterOpenChange={(visible) => visible && setFocus('manifestUrl')}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: token.marginXS }}>
        Point this module at another build of its remote. Users pick up the new build on their next page load.
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          label="Manifest URL"
          htmlFor={inputId}
          required
          validateStatus={message ? 'error' : undefined}
          help={message}
          extra={
            module ? (
              <>
                Default: <Typography.Text code>{module.defaultManifestUrl}</Typography.Text>
              </>
            ) : null
          }
        >
          <Controller
            name="manifestUrl"
            control={control}
            render={({ field }) => (
              <Input
                {...field}
                id={inputId}
                placeholder="https://cdn.example.com/remotes/organiser/mf-manifest.json"
                autoComplete="off"
                spellCheck={false}
              />
            )}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
