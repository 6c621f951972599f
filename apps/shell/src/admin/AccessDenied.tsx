import { Button, Result } from 'antd';
import { useHost } from '@aide/module-kit';
import { useT } from '../i18n';

/** Spec §2/§6: what a non-admin sees at /admin. */
export function AccessDenied() {
  const t = useT();
  const { navigate } = useHost();
  return (
    <Result
      status="403"
      // The page's one heading: Result's title is a plain div.
      title={<h1 style={{ margin: 0, font: 'inherit', color: 'inherit' }}>{t('admin.denied.title')}</h1>}
      subTitle={t('admin.denied.subtitle')}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('admin.denied.home')}
        </Button>
      }
    />
  );
}
