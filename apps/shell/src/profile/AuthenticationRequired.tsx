import { Button, Result } from 'antd';
import { LoginOutlined } from '@ant-design/icons';
import { endpointUrl } from '@aide/api-client';
import { authEndpoints } from '@aide/contracts';
import { useT } from '../i18n';

/** Spec §2: what the Profile screen shows when nobody is signed in. */
export function AuthenticationRequired() {
  const t = useT();
  return (
    <Result
      status="403"
      title={<h1 style={{ margin: 0, font: 'inherit', color: 'inherit' }}>{t('profile.authRequired.title')}</h1>}
      subTitle={t('profile.authRequired.subtitle')}
      extra={
        <Button type="primary" icon={<LoginOutlined />} href={endpointUrl(authEndpoints.login)}>
          {t('profile.authRequired.signIn')}
        </Button>
      }
    />
  );
}
