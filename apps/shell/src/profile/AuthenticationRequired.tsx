import { Button, Result } from 'antd';
import { LoginOutlined } from '@ant-design/icons';
import { endpointUrl } from '@aide/api-client';
import { authEndpoints } from '@aide/contracts';

/** Spec §2: what the Profile screen shows when nobody is signed in. */
export function AuthenticationRequired() {
  return (
    <Result
      status="403"
      title="Authentication Required"
      subTitle="Please sign in to view and edit your profile."
      extra={
        <Button type="primary" icon={<LoginOutlined />} href={endpointUrl(authEndpoints.login)}>
          Sign In
        </Button>
      }
    />
  );
}
