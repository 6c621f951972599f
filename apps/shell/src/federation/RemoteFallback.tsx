import { useState } from 'react';
import { Button, Result } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';

/** Shown in a module's area when its remote cannot be loaded or crashed; the rest of the app keeps working. */
export function RemoteFallback({ title, onRetry }: { title: string; onRetry: () => unknown }) {
  const [retrying, setRetrying] = useState(false);
  return (
    <Result
      status="warning"
      title={`${title} is unavailable right now`}
      subTitle="This part of Aide could not be loaded. The rest of the app still works; try again in a moment."
      extra={
        <Button
          type="primary"
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
      }
    />
  );
}
