import { Button, Result, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useT } from '../i18n/visitor';

export function NotFoundPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      // The page's h1, at the size antd gives a result's title.
      title={
        <Typography.Title level={1} style={{ fontSize: 'inherit', fontWeight: 'inherit', margin: 0 }}>
          {t('pages.notFound.title')}
        </Typography.Title>
      }
      subTitle={t('pages.notFound.hint')}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('pages.goHome')}
        </Button>
      }
    />
  );
}
