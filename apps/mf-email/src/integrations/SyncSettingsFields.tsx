import { Controller, type Control } from 'react-hook-form';
import { Flex, Form, InputNumber, Switch, Typography, theme } from 'antd';
import { EMAIL_SYNC_FREQUENCY } from '@aide/contracts';

/** The fields the Add dialog and the settings dialog share (spec §5 and the PATCH's second shape). */
export interface SyncSettingsValues {
  syncFrequency: number;
  autoRespond: boolean;
  autoCategories: boolean;
}

type Name = keyof SyncSettingsValues;

export interface SyncSettingsFieldsProps {
  control: Control<SyncSettingsValues>;
  idFor: (name: Name) => string;
  itemProps: (name: Name) => object;
}

/** Sync frequency (at least 60 s), auto-categorise and auto-respond. */
export function SyncSettingsFields({ control, idFor, itemProps }: SyncSettingsFieldsProps) {
  const { token } = theme.useToken();
  return (
    <>
      <Form.Item
        label="Sync frequency (seconds)"
        {...itemProps('syncFrequency')}
        extra={`How often to check for new mail; at least ${EMAIL_SYNC_FREQUENCY.min} seconds.`}
      >
        <Controller
          name="syncFrequency"
          control={control}
          render={({ field }) => (
            <InputNumber
              id={idFor('syncFrequency')}
              ref={field.ref}
              value={field.value}
              onChange={(value) => field.onChange(value ?? undefined)}
              onBlur={field.onBlur}
              min={EMAIL_SYNC_FREQUENCY.min}
              max={EMAIL_SYNC_FREQUENCY.max}
              step={60}
              precision={0}
              style={{ width: '100%', maxWidth: 200 }}
            />
          )}
        />
      </Form.Item>
      <Flex vertical gap={token.marginSM}>
        <ToggleRow
          control={control}
          name="autoCategories"
          id={idFor('autoCategories')}
          label="Auto-categorise"
          description="Sort new mail by priority and category as it arrives."
        />
        <ToggleRow
          control={control}
          name="autoRespond"
          id={idFor('autoRespond')}
          label="Auto-respond"
          description="Reply automatically to meeting requests and simple inquiries."
        />
      </Flex>
    </>
  );
}

function ToggleRow({
  control,
  name,
  id,
  label,
  description,
}: {
  control: Control<SyncSettingsValues>;
  name: 'autoRespond' | 'autoCategories';
  id: string;
  label: string;
  description: string;
}) {
  const { token } = theme.useToken();
  return (
    <Flex justify="space-between" align="center" gap={token.marginMD}>
      <Flex vertical style={{ minWidth: 0 }}>
        <label htmlFor={id}>{label}</label>
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {description}
        </Typography.Text>
      </Flex>
      <Controller
        name={name}
        control={control}
        render={({ field }) => <Switch id={id} checked={field.value} onChange={field.onChange} />}
      />
    </Flex>
  );
}
