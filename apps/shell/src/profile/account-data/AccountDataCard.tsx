import { Button, Flex, Typography } from 'antd';
import { CloudDownloadOutlined, DatabaseOutlined } from '@ant-design/icons';
import { endpointUrl } from '@aide/api-client';
import { accountDataEndpoints } from '@aide/contracts';
import { useT } from '../../i18n';
import { SectionCard } from '../SectionCard';

/** Profile: download everything of mine as a zip (the browser saves the API's attachment). */
export function AccountDataCard() {
  const t = useT();
  return (
    <SectionCard id="your-data" title={t('data.title')} description={t('data.description')} icon={<DatabaseOutlined />}>
      <Flex vertical gap={8} align="flex-start">
        <Typography.Text>{t('data.detail')}</Typography.Text>
        <Button icon={<CloudDownloadOutlined />} href={endpointUrl(accountDataEndpoints.export)} download>
          {t('data.export')}
        </Button>
      </Flex>
    </SectionCard>
  );
}
