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
import { planOptions } from './adminLabels';
import { useAdminNotify } from './useAdminNotify';
import { useCreateFeatureToggle } from './useAdminFeatures';
import { useFormFields } from '@aide/ui';

// Spec §5 and §8 texts.
const TEXT = {
  title: 'Create Feature Toggle',
  submit: 'Create Feature Toggle',
  created: 'Feature toggle created successfully',
  failed: 'Failed to create feature toggle',
} as const;

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
      notify.success(TEXT.created);
      reset(EMPTY);
    } catch (error) {
      notify.failure(TEXT.failed, error);
    }
  });

  return (
    <Card title={<span id={titleId}>{TEXT.title}</span>}>
      <Form layout="vertical" onFinish={() => void submit()} aria-labelledby={titleId}>
        <Form.Item label="Name" required {...itemProps('name')}>
          <Controller
            name="name"
            control={control}
            render={({ field }) => (
              <Input
                {...field}
                id={idFor('name')}
                placeholder="e.g. beta.smart-replies"
                maxLength={FEATURE_TOGGLE_LIMITS.name}
                aria-required
                autoComplete="off"
              />
            )}
          />
        </Form.Item>
        <Form.Item label="Description" {...itemProps('description')}>
          <Controller
            name="description"
            control={control}
            render={({ field }) => (
              <Input.TextArea
                {...field}
                value={field.value ?? ''}
                id={idFor('description')}
                placeholder="What does this toggle switch on? (optional)"
                autoSize={{ minRows: 2, maxRows: 5 }}
                maxLength={FEATURE_TOGGLE_LIMITS.description}
              />
            )}
          />
        </Form.Item>
        <Form.Item label="Plan required" {...itemProps('planRequired')}>
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
                  label="Enabled"
                  hint="On as soon as it is created"
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
                  label="Admin only"
                  hint="Only admins get this feature"
                  checked={Boolean(field.value)}
                  onChange={field.onChange}
                />
              )}
            />
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={createToggle.isPending} block>
          {TEXT.submit}
        </Button>
      </Form>
    </Card>
  );
}
