import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, App, Button, Flex, Form, Input, QRCode, Skeleton, Typography, theme } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { errorDetail } from '@aide/api-client';
import { confirmTwoFactorSchema, type ConfirmTwoFactorInput, type TwoFactorSetup } from '@aide/contracts';
import { t as translate, useT } from '../../i18n';
import { useConfirmTwoFactor, useStartTwoFactorSetup } from './useTwoFactor';

/**
 * Turning two-factor sign-in on: scan the QR code (or type the key), confirm with the first code,
 * then keep the recovery codes, which are shown this once. Used by the Profile card and by the
 * page an admin's requirement leads to.
 */
export function TwoFactorEnrolment({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const t = useT();
  const start = useStartTwoFactorSetup();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const started = useRef(false);
  const begin = () => start.mutate(undefined, { onSuccess: setSetup });
  const beginOnMount = useEffectEvent(begin);
  // One new secret per enrolment: StrictMode's second effect run must not replace the one shown.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    beginOnMount();
  }, []);

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={onDone} />;
  if (setup) return <ScanAndConfirm setup={setup} onConfirmed={setRecoveryCodes} onCancel={onCancel} />;
  if (start.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('twoFactor.startFailed')}
        description={errorDetail(start.error)}
        action={
          <Button size="small" onClick={begin}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  return <Skeleton active paragraph={{ rows: 4 }} />;
}

function ScanAndConfirm({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onConfirmed: (codes: string[]) => void;
  onCancel?: () => void;
}) {
  const t = useT();
  const { token } = theme.useToken();
  const confirm = useConfirmTwoFactor();
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<ConfirmTwoFactorInput>({
    resolver: zodResolver(confirmTwoFactorSchema),
    defaultValues: { code: '' },
  });
  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      onConfirmed((await confirm.mutateAsync(values)).recoveryCodes);
    } catch (e) {
      setError(errorDetail(e));
    }
  });
  return (
    <Flex vertical gap={token.margin}>
      <Typography.Text>{t('twoFactor.scan')}</Typography.Text>
      <Flex justify="center">
        <QRCode value={setup.otpauthUri} size={180} bordered aria-label={t('twoFactor.qrLabel')} />
      </Flex>
      <div>
        <Typography.Text type="secondary">{t('twoFactor.cantScan')}</Typography.Text>
        <Typography.Paragraph
          code
          copyable={{ text: setup.secret, tooltips: [t('twoFactor.copyKey'), t('common.copied')] }}
          style={{ margin: `${token.marginXXS}px 0 0` }}
          data-testid="two-factor-secret"
        >
          {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
        </Typography.Paragraph>
      </div>
      <Form layout="vertical" onFinish={() => void submit()} requiredMark={false} component="form" noValidate>
        <Controller
          control={control}
          name="code"
          render={({ field, fieldState }) => (
            <Form.Item
              label={t('twoFactor.enterCode')}
              htmlFor="two-factor-setup-code"
              validateStatus={fieldState.error || error ? 'error' : undefined}
              help={fieldState.error?.message ?? error}
            >
              <Input
                {...field}
                id="two-factor-setup-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                placeholder="123456"
                style={{ maxWidth: 200 }}
              />
            </Form.Item>
          )}
        />
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" loading={confirm.isPending}>
            {t('twoFactor.verify')}
          </Button>
          {onCancel && <Button onClick={onCancel}>{t('common.cancel')}</Button>}
        </Flex>
      </Form>
    </Flex>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const text = `${t('twoFactor.codesFile')}\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'aide-recovery-codes.txt' });
    link.click();
    URL.revokeObjectURL(url);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      void message.success(translate('twoFactor.codesCopied'));
    } catch {
      void message.error(translate('twoFactor.copyFailed'));
    }
  };
  return (
    <Flex vertical gap={token.margin}>
      <Alert type="success" showIcon title={t('twoFactor.turnedOn')} description={t('twoFactor.saveCodes')} />
      <ul
        aria-label={t('twoFactor.codesLabel')}
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          gap: token.marginXS,
          listStyle: 'none',
          margin: 0,
          padding: token.padding,
          background: token.colorFillTertiary,
          borderRadius: token.borderRadius,
          fontFamily: token.fontFamilyCode,
          fontSize: token.fontSizeLG,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Flex gap={8} wrap>
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('common.copy')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={download}>
          {t('twoFactor.download')}
        </Button>
        <Button type="primary" onClick={onDone}>
          {t('twoFactor.savedCodes')}
        </Button>
      </Flex>
    </Flex>
  );
}
