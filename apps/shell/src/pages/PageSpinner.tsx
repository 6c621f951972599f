import { Flex, Spin } from 'antd';

export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: 320 }}>
      <Spin size="large" description={label} />
    </Flex>
  );
}
