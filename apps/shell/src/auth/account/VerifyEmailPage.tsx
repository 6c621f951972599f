import { useEffect, useRef, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { callEndpoint, errorDetail, invalidateAfter } from '@aide/api-client';
import { accountEndpoints, verifyEmailSchema } from '@aide/contracts';
import { AuthCardLayout } from './AuthCardLayout';
import { useT } from '../../i18n/visitor';
import { shownMessage } from '../../i18n/messages';

type State = { status: 'verifying' } | { status: 'done' | 'failed'; message: string };

/** Where a verification mail's link leads: confirms the address at once (the link works once). */
export function VerifyEmailPage({ signedIn = false }: { signedIn?: boolean }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [parsed] = useState(() =>
    verifyEmailSchema.safeParse({ token: new URLSearchParams(window.location.search).get('token') ?? '' }),
  );
  const [state, setState] = useState<State>(() =>
    parsed.success
      ? { status: 'verifying' }
      : { status: 'failed', message: shownMessage(parsed.error.issues[0].message) },
  );
  const started = useRef(false);
  useEffect(() => {
    // Once, also under StrictMode's double effect: a second call would find the link used.
    if (started.current || !parsed.success) return;
    started.current = true;
    callEndpoint(accountEndpoints.verifyEmail, { body: parsed.data }).then(
      ({ message }) => {
        setState({ status: 'done', message });
        void invalidateAfter(queryClient, accountEndpoints.verifyEmail);
      },
      (e: unknown) => setState({ status: 'failed', message: errorDetail(e) }),
    );
  }, [queryClient, parsed]);
  const next = signedIn ? (
    <Button type="primary" size="large" href="/profile">
      {t('account.verify.goToProfile')}
    </Button>
  ) : (
    <Button type="primary" size="large" href="/sign-in">
      {t('account.signIn')}
    </Button>
  );
  return (
    <AuthCardLayout title={t('account.verify.title')}>
      {state.status === 'verifying' ? (
        <Result icon={<Spin size="large" />} title={t('account.verify.confirming')} style={{ padding: 0 }} />
      ) : (
        <Result
          status={state.status === 'done' ? 'success' : 'warning'}
          title={state.message}
          style={{ padding: 0 }}
          extra={next}
        />
      )}
    </AuthCardLayout>
  );
}
