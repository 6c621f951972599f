import { useState } from 'react';
import { Button, Result, type ButtonProps } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';

/** Retry for a module's part that failed: spins until the module has loaded again (or failed again). */
export function RetryButton({ onRetry, ...button }: { onRetry: () => unknown } & Omit<ButtonProps, 'onClick'>) {
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
      Retry
    </Button>
  );
}

/** Shown in a module's area when its remote cannot be loaded or crashed; the rest of the app keeps working. */
export function RemoteFallback({ title, onRetry }: { title: string; onRetry: () => unknown }) {
  return (
    <Result
      status="warning"
      title={`${title} is unavailable right now`}
      subTitle="This part of Aide could not be loaded. The rest of the app still works; try again in a moment."
      extra={<RetryButton type="primary" onRetry={onRetry} />}
    />
  );
}
