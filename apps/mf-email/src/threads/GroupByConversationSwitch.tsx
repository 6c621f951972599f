import { Flex, Switch, theme } from 'antd';
import { useT } from '../i18n/threads';

/** "Group by conversation": one row per thread in the list, or one per message. */
export function GroupByConversationSwitch({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const t = useT();
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap={token.marginXS} justify="flex-end">
      <Switch id="aide-email-group-threads" size="small" checked={checked} onChange={onChange} />
      <label htmlFor="aide-email-group-threads" style={{ cursor: 'pointer', whiteSpace: 'nowrap' }}>
        {t('switch.label')}
      </label>
    </Flex>
  );
}
