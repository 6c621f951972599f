import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Button, Typography } from 'antd';
import { pushState, subscribeThisBrowser, unsubscribeThisBrowser, type PushState } from '../push/serviceWorker';
import { useT } from '../i18n';

/** Where this browser stands; 'failed': its push service refused the subscription; 'checking': not known yet. */
export type BrowserPush = PushState | 'failed' | 'checking';

/**
 * Push in this browser, for the profile's Push Notifications switch: the setting is the account's
 * (saved with the form); turning it on also turns push on here (the browser's permission, a
 * subscription with the server's VAPID key, handed to the server), turning it off turns it off here.
 */
export function useBrowserPush() {
  const [browser, setBrowser] = useState<BrowserPush>('checking');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    pushState().then(
      (state) => current && setBrowser(state),
      () => current && setBrowser('unsubscribed'),
    );
    return () => {
      current = false;
    };
  }, []);

  const run = useCallback(async (action: () => Promise<PushState>, onError: BrowserPush) => {
    setBusy(true);
    try {
      setBrowser(await action());
    } catch {
      setBrowser(onError);
    } finally {
      setBusy(false);
    }
  }, []);

  // Asking for permission must happen in the click: call these from the switch's or the button's handler.
  const turnOn = useCallback(() => run(subscribeThisBrowser, 'failed'), [run]);
  // If the server could not be told, it forgets the subscription when its push service answers 'gone'.
  const turnOff = useCallback(() => run(unsubscribeThisBrowser, 'unsubscribed'), [run]);
  return { browser, busy, turnOn, turnOff };
}

/** The line under the switch: this browser's push state, why push cannot reach it, or a way to turn it on here. */
export function PushBrowserStatus({
  id,
  on,
  browser,
  busy,
  onTurnOnHere,
}: {
  id: string;
  /** The switch (the account's setting). */
  on: boolean;
  browser: BrowserPush;
  busy: boolean;
  onTurnOnHere: () => void;
}) {
  const t = useT();
  const text = statusText();
  function statusText(): ReactNode {
    if (browser === 'unsupported')
      return <Typography.Text type="warning">{t('notify.pushUnsupported')}</Typography.Text>;
    if (browser === 'denied') return <Typography.Text type="warning">{t('notify.pushDenied')}</Typography.Text>;
    if (!on || browser === 'checking') return null;
    if (browser === 'failed') return <Typography.Text type="warning">{t('notify.pushFailed')}</Typography.Text>;
    if (browser === 'subscribed') return <Typography.Text type="success">{t('notify.pushOnHere')}</Typography.Text>;
    return (
      <Typography.Text type="secondary">
        {t('notify.pushNotHere')}{' '}
        <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} loading={busy} onClick={onTurnOnHere}>
          {t('notify.pushTurnOnHere')}
        </Button>
      </Typography.Text>
    );
  }
  return (
    <div id={id} role="status" aria-live="polite" style={text ? { marginTop: 4 } : undefined}>
      {text}
    </div>
  );
}
