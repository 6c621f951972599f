import { Button, Result } from 'antd';
import { useHost } from '@aide/module-kit';

/** Spec §2/§6: what a non-admin sees at /admin. */
export function AccessDenied() {
  const { navigate } = useHost();
  return (
    <Result
      status="403"
      title="Access Denied"
      subTitle="You need admin privileges to access this page."
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          Go Home
        </Button>
      }
    />
  );
}
