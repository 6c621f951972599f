import { useState, type ReactNode } from 'react';
import { Controller, useForm, type Control, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Flex, Form, Input, Tabs, Typography, theme } from 'antd';
import { GoogleOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, callEndpoint, endpointUrl } from '@aide/api-client';
import type { ZodType } from 'zod';
import {
  authEndpoints,
  isTwoFactorChallenge,
  loginSchema,
  registerSchema,
  type AuthUser,
  type LoginInput,
  type MessageResponse,
  type RegisterInput,
  type TwoFactorChallenge,
} from '@aide/contracts';
import { t as translate, useT } from '../i18n/visitor';
import { LanguageSwitcher } from '../pages/LanguageSwitcher';
import { TwoFactorStep } from './TwoFactorStep';
import { AUTH_QUERY_KEY } from './useAuth';
import { shownMessage } from '../i18n/messages';

function TextField<T extends FieldValues>({
  form,
  control,
  name,
  label,
  type,
  autoComplete,
  autoFocus,
}: {
  form: 'signin' | 'signup';
  control: Control<T>;
  name: Path<T>;
  label: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const id = `${form}-${String(name)}`;
        const Component = type === 'password' ? Input.Password : Input;
        return (
          <Form.Item
            label={label}
            htmlFor={id}
            validateStatus={fieldState.error ? 'error' : undefined}
            help={shownMessage(fieldState.error?.message)}
          >
            <Component
              {...field}
              id={id}
              type={type === 'password' ? undefined : type}
              autoComplete={autoComplete}
              autoFocus={autoFocus}
              size="large"
            />
          </Form.Item>
        );
      }}
    />
  );
}

const errorText = (e: unknown) => (e instanceof ApiError ? e.detail : translate('signIn.genericError'));

/**
 * A form validated by a contract schema that sends it to an auth endpoint; on success the answer is
 * the signed-in user, which the shell's auth query takes at once (no refetch).
 */
function useAuthForm<T extends FieldValues>(
  schema: ZodType<T, T>,
  send: (values: T) => Promise<AuthUser | TwoFactorChallenge | MessageResponse>,
  defaultValues: DefaultValues<T>,
  onTwoFactor?: () => void,
) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<T>({ resolver: zodResolver(schema), defaultValues });
  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      const answer = await send(values);
      // The password was right and the account asks for a code: the second step, not signed in yet.
      if (isTwoFactorChallenge(answer)) return onTwoFactor?.();
      // Sign-up on a server that sends mail answers 'Check your inbox…' (the same for a taken address) and signs nobody in.
      if (!('id' in answer)) return setNotice(answer.message);
      queryClient.setQueryData(AUTH_QUERY_KEY, answer);
      if (window.location.pathname === '/sign-in') window.history.replaceState(null, '', '/');
    } catch (e) {
      setError(errorText(e));
    }
  });
  return { control, submit, error, notice, submitting: formState.isSubmitting };
}

function AuthForm({
  submit,
  error,
  notice,
  submitting,
  submitLabel,
  children,
}: {
  submit: () => void;
  error: string | null;
  notice?: string | null;
  submitting: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  const t = useT();
  if (notice)
    return (
      <Alert
        type="success"
        showIcon
        title={notice}
        description={t('signIn.checkInboxThen')}
        style={{ marginBottom: 16 }}
      />
    );
  return (
    <Form layout="vertical" onFinish={submit} requiredMark={false} component="form" noValidate>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {children}
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        {submitLabel}
      </Button>
    </Form>
  );
}

function SignInForm({ onTwoFactor }: { onTwoFactor: () => void }) {
  const { control, ...form } = useAuthForm<LoginInput>(
    loginSchema,
    (values) => callEndpoint(authEndpoints.signIn, { body: values }),
    { email: '', password: '' },
    onTwoFactor,
  );
  const t = useT();
  return (
    <AuthForm {...form} submitLabel={t('signIn.submitSignIn')}>
      <TextField
        form="signin"
        control={control}
        name="email"
        label={t('signIn.email')}
        type="email"
        autoComplete="email"
        autoFocus
      />
      <TextField
        form="signin"
        control={control}
        name="password"
        label={t('signIn.password')}
        type="password"
        autoComplete="current-password"
      />
      <div style={{ margin: '-12px 0 16px', textAlign: 'right' }}>
        <Typography.Link href="/forgot-password">{t('signIn.forgotPassword')}</Typography.Link>
      </div>
    </AuthForm>
  );
}

function SignUpForm() {
  const { control, ...form } = useAuthForm<RegisterInput>(
    registerSchema,
    (values) => callEndpoint(authEndpoints.register, { body: values }),
    {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
    },
  );
  const t = useT();
  return (
    <AuthForm {...form} submitLabel={t('signIn.submitCreateAccount')}>
      <Flex gap={12}>
        <div style={{ flex: 1 }}>
          <TextField
            form="signup"
            control={control}
            name="firstName"
            label={t('signIn.firstName')}
            autoComplete="given-name"
            autoFocus
          />
        </div>
        <div style={{ flex: 1 }}>
          <TextField
            form="signup"
            control={control}
            name="lastName"
            label={t('signIn.lastName')}
            autoComplete="family-name"
          />
        </div>
      </Flex>
      <TextField
        form="signup"
        control={control}
        name="email"
        label={t('signIn.email')}
        type="email"
        autoComplete="email"
      />
      <TextField
        form="signup"
        control={control}
        name="password"
        label={t('signIn.password')}
        type="password"
        autoComplete="new-password"
      />
    </AuthForm>
  );
}

/** Where /api/login leads: sign in or sign up with email and password (Google comes with OIDC). */
export function SignInPage() {
  const t = useT();
  const { token } = theme.useToken();
  const params = new URLSearchParams(window.location.search);
  const initialTab = params.get('mode') === 'signup' ? 'signup' : 'signin';
  // /api/auth/google sends the visitor back here with ?error=google when sign-in did not finish.
  const googleFailed = params.get('error') === 'google';
  // Google sign-in of an account with two-factor sign-in comes back with ?step=two-factor.
  const [twoFactor, setTwoFactor] = useState(params.get('step') === 'two-factor');
  // …and with ?error=google-link when a password account that never confirmed its address has the Google address.
  const googleNeedsLink = params.get('error') === 'google-link';
  return (
    <Flex
      component="main"
      vertical
      align="center"
      justify="center"
      gap={16}
      style={{ minHeight: '100vh', padding: 24, background: token.colorBgLayout }}
    >
      <Card
        style={{ width: '100%', maxWidth: 440, boxShadow: token.boxShadowTertiary }}
        styles={{ body: { padding: 32 } }}
      >
        <Flex vertical align="center" gap={4} style={{ marginBottom: 16 }}>
          <img src="/favicon.svg" alt="" width={44} height={44} />
          {/* The page's one h1, at the size of the card's title. */}
          <Typography.Title level={1} style={{ margin: '8px 0 0', fontSize: token.fontSizeHeading3 }}>
            {t('signIn.welcome')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('signIn.tagline')}</Typography.Text>
        </Flex>
        {googleFailed && <Alert type="warning" showIcon title={t('signIn.googleFailed')} style={{ marginBottom: 8 }} />}
        {googleNeedsLink && (
          <Alert
            type="warning"
            showIcon
            title={t('signIn.googleLink.title')}
            description={t('signIn.googleLink.description')}
            style={{ marginBottom: 8 }}
          />
        )}
        {twoFactor ? (
          <TwoFactorStep
            onBack={() => {
              setTwoFactor(false);
              window.history.replaceState(null, '', '/sign-in');
            }}
          />
        ) : (
          <>
            <Tabs
              centered
              defaultActiveKey={initialTab}
              items={[
                {
                  key: 'signin',
                  label: t('signIn.tabSignIn'),
                  children: <SignInForm onTwoFactor={() => setTwoFactor(true)} />,
                },
                { key: 'signup', label: t('signIn.tabCreateAccount'), children: <SignUpForm /> },
              ]}
            />
            <Button
              block
              size="large"
              icon={<GoogleOutlined />}
              href={endpointUrl(authEndpoints.google)}
              style={{ marginTop: 8 }}
            >
              {t('signIn.google')}
            </Button>
          </>
        )}
      </Card>
      <LanguageSwitcher />
    </Flex>
  );
}
