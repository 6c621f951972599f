import { useSearchParams } from 'react-router-dom';
import { Card, Flex, Grid, Tabs, theme } from 'antd';
import { AppstoreOutlined, FlagOutlined, HistoryOutlined, TeamOutlined } from '@ant-design/icons';
import { useHost } from '@aide/module-kit';
import { PageHeader } from '@aide/ui';
import { useT } from '../i18n';
import { AccessDenied } from './AccessDenied';
import { ActivityTab } from './ActivityTab';
import { FeaturesTab } from './FeaturesTab';
import { ModulesTab } from './ModulesTab';
import { UsersTab } from './UsersTab';

const TABS = ['users', 'features', 'activity', 'modules'] as const;
type TabKey = (typeof TABS)[number];

export default function AdminPage() {
  const { user } = useHost();
  // Spec §6: non-admins get 'Access Denied' and none of the admin queries run (the tabs never mount).
  if (user.role !== 'admin') return <AccessDenied />;
  return <AdminPanel />;
}

function AdminPanel() {
  const t = useT();
  const { token } = theme.useToken();
  const wide = Grid.useBreakpoint().md ?? true;
  // The open tab lives in the URL (?tab=features), so it survives a reload and can be linked to.
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: TabKey = TABS.includes(requested as TabKey) ? (requested as TabKey) : 'users';

  return (
    <Flex vertical gap={token.marginLG}>
      <PageHeader title={t('admin.title')} subtitle={t('admin.subtitle')} />
      <Card styles={{ body: { padding: wide ? token.paddingLG : token.paddingSM, paddingTop: token.paddingXS } }}>
        {/* Only the open tab is rendered, so each tab's data loads when it is first opened. */}
        <Tabs
          activeKey={active}
          onChange={(key) => setParams(key === 'users' ? {} : { tab: key }, { replace: true })}
          items={[
            {
              key: 'users',
              label: t('admin.tabs.users'),
              icon: wide ? <TeamOutlined /> : undefined,
              children: <UsersTab />,
            },
            {
              key: 'features',
              label: t('admin.tabs.features'),
              icon: wide ? <FlagOutlined /> : undefined,
              children: <FeaturesTab />,
            },
            {
              key: 'activity',
              label: t('admin.tabs.activity'),
              icon: wide ? <HistoryOutlined /> : undefined,
              children: <ActivityTab />,
            },
            {
              key: 'modules',
              label: t('admin.tabs.modules'),
              icon: wide ? <AppstoreOutlined /> : undefined,
              children: <ModulesTab />,
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
