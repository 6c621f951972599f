import { Controller, type Control } from 'react-hook-form';
import { Flex, Form, InputNumber, Switch, Typography, theme } from 'antd';
import { EMAIL_SYNC_FREQUENCY } from '@aide/contracts';
import { useT } from '../i18n';

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
  const t = useT();
  const { token } = theme.useToken();
  return (
    <>
      <Form.Item
        label={t('sync.frequency')}
        {...itemProps('syncFrequency')}
        extra={t('sync.frequencyHelp', { min: EMAIL_SYNC_FREQUENCY.min })}
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
          label={t('sync.autoCategorise')}
          description={t('sync.autoCategoriseText')}
        />
        <ToggleRow
          control={control}
          name="autoRespond"
          id={idFor('autoRespond')}
          label={t('sync.autoRespond')}
          description={t('sync.autoRespondText')}
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
