import { useState } from 'react';
import { Button, Result, Typography, type ButtonProps } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useT } from '../i18n/visitor';
import { useModuleTitle } from '../layout/moduleTitles';
import { useRemoteModules } from './remote-modules';

/** Retry for a module's part that failed: spins until the module has loaded again (or failed again). */
export function RetryButton({ onRetry, ...button }: { onRetry: () => unknown } & Omit<ButtonProps, 'onClick'>) {
  const t = useT();
  const [retrying, setRetrying] = useState(false);
  return (
    <Button
      {...button}
      icon={<ReloadOutlined />}
      loading={retrying}
      onClick={async () => {
        setRetrying(true);
        try {
          await onRetry();
        } finally {
          setRetrying(false);
        }
      }}
    >
      {t('remote.retry')}
    </Button>
  );
}

/**
 * Shown in a module's area when its remote cannot be loaded or crashed; the rest of the app keeps working.
 * `title` is the registry's (English) name of the module; the module is found by it to be named in the
 * reader's language, unless `moduleId` says which it is.
 */
export function RemoteFallback({
  title,
  moduleId,
  onRetry,
}: {
  title: string;
  moduleId?: string;
  onRetry: () => unknown;
}) {
  const t = useT();
  const id = useRemoteModules((s) => moduleId ?? s.registry?.find((m) => m.title === title)?.id);
  const titleOf = useModuleTitle();
  const name = id ? titleOf(id, title) : title;
  return (
    <Result
      status="warning"
      // A whole screen failed: this is its h1.
      title={
        <Typography.Title level={1} style={{ fontSize: 'inherit', fontWeight: 'inherit', margin: 0 }}>
          {t('remote.unavailable', { module: name })}
        </Typography.Title>
      }
      subTitle={t('remote.unavailableHint')}
      extra={<RetryButton type="primary" onRetry={onRetry} />}
    />
  );
}
