import { Button, Flex, Typography } from 'antd';
import { CloudDownloadOutlined, DatabaseOutlined } from '@ant-design/icons';
import { endpointUrl } from '@aide/api-client';
import { accountDataEndpoints } from '@aide/contracts';
import { SectionCard } from '../SectionCard';

/** Profile: download everything of mine as a zip (the browser saves the API's attachment). */
export function AccountDataCard() {
  return (
    <SectionCard title="Your data" description="A copy of everything in your account" icon={<DatabaseOutlined />}>
      <Flex vertical gap={8} align="flex-start">
        <Typography.Text>
          A zip with one JSON file per area (tasks, events, emails, documents, research, posts, trips, websites…) and
          your uploaded files.
        </Typography.Text>
        <Button icon={<CloudDownloadOutlined />} href={endpointUrl(accountDataEndpoints.export)} download>
          Export my data
        </Button>
      </Flex>
    </SectionCard>
  );
}
