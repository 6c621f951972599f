import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Flex, Form, Input, Modal, Skeleton, Tag, Typography, theme } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { errorDetail } from '@aide/api-client';
import { disableTwoFactorSchema, type DisableTwoFactorInput } from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { useAccountSummary } from '../account-data/useAccount';
import { SectionCard } from '../SectionCard';
import { t as translate, useT } from '../../i18n';
import { formLevelError } from './formLevelError';
import { TwoFactorEnrolment } from './TwoFactorEnrolment';
import { TWO_FACTOR_QUERY_KEY, useDisableTwoFactor, useTwoFactorStatus } from './useTwoFactor';

/** Profile: turn two-factor sign-in (TOTP + recovery codes) on or off. */
export function TwoFactorCard() {
  const t = useT();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const { toast } = useHost();
  const status = useTwoFactorStatus();
  const [enrolling, setEnrolling] = useState(false);
  const [disabling, setDisabling] = useState(false);

  let body;
  if (status.isPending) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (status.isError)
    body = <Alert type="error" showIcon title={t('twoFactor.loadFailed')} description={errorDetail(status.error)} />;
  else if (enrolling)
    body = (
      <TwoFactorEnrolment
        onCancel={() => setEnrolling(false)}
        onDone={() => {
          setEnrolling(false);
          void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY });
          toast({ title: translate('twoFactor.turnedOn') });
        }}
      />
    );
  else if (status.data.enabled)
    body = (
      <Flex vertical gap={token.marginSM} align="flex-start">
        <Flex gap={token.marginXS} align="center" wrap>
          <Tag color="success" style={{ marginInlineEnd: 0 }}>
            {t('twoFactor.on')}
          </Tag>
          <Typography.Text type="secondary">
            {t('twoFactor.codesLeft', { count: status.data.recoveryCodesLeft })}
          </Typography.Text>
        </Flex>
        <Typography.Text>{t('twoFactor.onDetail')}</Typography.Text>
        {status.data.required ? (
          <Typography.Text type="secondary">{t('twoFactor.required')}</Typography.Text>
        ) : (
          <Button onClick={() => setDisabling(true)}>{t('twoFactor.turnOff')}</Button>
        )}
      </Flex>
    );
  else
    body = (
      <Flex vertical gap={token.marginSM} align="flex-start">
        <Tag style={{ marginInlineEnd: 0 }}>{t('twoFactor.off')}</Tag>
        <Typography.Text>{t('twoFactor.offDetail')}</Typography.Text>
        <Button type="primary" onClick={() => setEnrolling(true)}>
          {t('twoFactor.enable')}
        </Button>
      </Flex>
    );

  return (
    <SectionCard
      id="two-factor"
      title={t('twoFactor.title')}
      description={t('twoFactor.description')}
      icon={<SafetyCertificateOutlined />}
    >
      {body}
      <DisableDialog open={disabling} onClose={() => setDisabling(false)} />
    </SectionCard>
  );
}

function DisableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const disable = useDisableTwoFactor();
  const { toast } = useHost();
  // An account that signs in with Google only has no password to confirm with: a code it is.
  const hasPassword = useAccountSummary().data?.hasPassword !== false;
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, reset, formState } = useForm<DisableTwoFactorInput>({
    resolver: zodResolver(disableTwoFactorSchema),
    defaultValues: { password: '', code: '' },
  });
  const close = () => {
    reset();
    setError(null);
    onClose();
  };
  const shown = error ?? formLevelError(formState.errors);
  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      await disable.mutateAsync({ password: values.password || undefined, code: values.code || undefined });
      toast({ title: translate('twoFactor.turnedOff') });
      close();
    } catch (e) {
      setError(errorDetail(e));
    }
  });
  return (
    <Modal
      open={open}
      title={t('twoFactor.disableTitle')}
      okText={t('twoFactor.turnOff')}
      okButtonProps={{ danger: true, loading: disable.isPending }}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => void submit()} requiredMark={false} component="form" noValidate>
        <Typography.Paragraph type="secondary">
          {hasPassword ? t('twoFactor.disableWithPassword') : t('twoFactor.disableWithCode')}
        </Typography.Paragraph>
        {shown && <Alert type="error" showIcon title={shown} style={{ marginBottom: 16 }} />}
        {hasPassword && (
          <Controller
            control={control}
            name="password"
            render={({ field, fieldState }) => (
              <Form.Item
                label={t('twoFactor.currentPassword')}
                htmlFor="two-factor-disable-password"
                validateStatus={fieldState.error ? 'error' : undefined}
                help={fieldState.error?.message}
              >
                <Input.Password {...field} id="two-factor-disable-password" autoComplete="current-password" autoFocus />
              </Form.Item>
            )}
          />
        )}
        <Controller
          control={control}
          name="code"
          render={({ field, fieldState }) => (
            <Form.Item
              label={hasPassword ? t('twoFactor.orCode') : t('twoFactor.code')}
              htmlFor="two-factor-disable-code"
              validateStatus={fieldState.error ? 'error' : undefined}
              help={fieldState.error?.message}
            >
              <Input {...field} id="two-factor-disable-code" autoComplete="one-time-code" />
            </Form.Item>
          )}
        />
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
