import { useId } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Col, Flex, Form, Input, Row, Select, Switch, Typography, theme } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  FEATURE_TOGGLE_LIMITS,
  createFeatureToggleSchema,
  type CreateFeatureToggleInput,
  type CreateFeatureTogglePayload,
} from '@aide/contracts';
import { useT } from '../i18n';
import { planOptions } from './adminLabels';
import { useAdminNotify } from './useAdminNotify';
import { useCreateFeatureToggle } from './useAdminFeatures';
import { useFormFields } from '@aide/ui';

/** Spec §5 defaults: disabled, free plan, not admin-only. */
const EMPTY: CreateFeatureToggleInput = {
  name: '',
  description: '',
  enabled: false,
  planRequired: 'free',
  adminOnly: false,
};

/** A toggle switch with its label and one-line explanation beside it. */
function SwitchRow({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap={token.marginSM}>
      <Switch
        id={id}
        checked={checked}
        onChange={onChange}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
      />
      <div>
        <Typography.Text id={`${id}-label`} style={{ display: 'block' }}>
          {label}
        </Typography.Text>
        <Typography.Text id={`${id}-hint`} type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {hint}
        </Typography.Text>
      </div>
    </Flex>
  );
}

export function CreateFeatureToggleForm() {
  const t = useT();
  const { token } = theme.useToken();
  const notify = useAdminNotify();
  const createToggle = useCreateFeatureToggle();
  const {
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CreateFeatureToggleInput, unknown, CreateFeatureTogglePayload>({
    resolver: zodResolver(createFeatureToggleSchema),
    defaultValues: EMPTY,
  });

  const { idFor, itemProps } = useFormFields<FieldPath<CreateFeatureToggleInput>>(errors);
  const titleId = useId();

  const submit = handleSubmit(async (payload) => {
    if (createToggle.isPending) return;
    try {
      // A blank description is left out rather than stored as ''.
      await createToggle.mutateAsync({ ...payload, description: payload.description || undefined });
      // Spec §5 and §8 texts.
      notify.success(t('admin.create.created'));
      reset(EMPTY);
    } catch (error) {
      notify.failure(t('admin.create.failed'), error);
    }
  });

  return (
    <Card title={<span id={titleId}>{t('admin.create.title')}</span>}>
      <Form layout="vertical" onFinish={() => void submit()} aria-labelledby={titleId}>
        <Form.Item label={t('admin.create.name')} required {...itemProps('name')}>
          <Controller
            name="name"
            control={control}
            render={({ field }) => (
              <Input
                {...field}
                id={idFor('name')}
                placeholder={t('admin.create.namePlaceholder')}
                maxLength={FEATURE_TOGGLE_LIMITS.name}
                aria-required
                autoComplete="off"
              />
            )}
          />
        </Form.Item>
        <Form.Item label={t('admin.create.description')} {...itemProps('description')}>
          <Controller
            name="description"
            control={control}
            render={({ field }) => (
              <Input.TextArea
                {...field}
                value={field.value ?? ''}
                id={idFor('description')}
                placeholder={t('admin.create.descriptionPlaceholder')}
                autoSize={{ minRows: 2, maxRows: 5 }}
                maxLength={FEATURE_TOGGLE_LIMITS.description}
              />
            )}
          />
        </Form.Item>
        <Form.Item label={t('admin.create.planRequired')} {...itemProps('planRequired')}>
          <Controller
            name="planRequired"
            control={control}
            render={({ field }) => (
              <Select
                id={idFor('planRequired')}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                options={planOptions}
              />
            )}
          />
        </Form.Item>
        <Row gutter={[token.margin, token.margin]} style={{ marginBottom: token.marginLG }}>
          <Col xs={24} sm={12} xxl={24}>
            <Controller
              name="enabled"
              control={control}
              render={({ field }) => (
                <SwitchRow
                  id={idFor('enabled')}
                  label={t('admin.create.enabled')}
                  hint={t('admin.create.enabledHint')}
                  checked={Boolean(field.value)}
                  onChange={field.onChange}
                />
              )}
            />
          </Col>
          <Col xs={24} sm={12} xxl={24}>
            <Controller
              name="adminOnly"
              control={control}
              render={({ field }) => (
                <SwitchRow
                  id={idFor('adminOnly')}
                  label={t('admin.create.adminOnly')}
                  hint={t('admin.create.adminOnlyHint')}
                  checked={Boolean(field.value)}
                  onChange={field.onChange}
                />
              )}
            />
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={createToggle.isPending} block>
          {t('admin.create.submit')}
        </Button>
      </Form>
    </Card>
  );
}
