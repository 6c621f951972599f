import { Flex, Spin } from 'antd';
import { useT } from '../i18n/visitor';

export function PageSpinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <Flex align="center" justify="center" style={{ minHeight: 320 }}>
      <Spin size="large" description={label ?? t('pages.loading')} />
    </Flex>
  );
}
