import type { Email } from '@aide/contracts';
import { Button, Flex, Typography, theme } from 'antd';
import { useT } from '../i18n/assist';
import { useReplySuggestions } from './useReplyHelp';

/** 2–3 short replies under the message; a click opens Reply with the text filled in, to edit before sending. */
export function ReplySuggestions({
  email,
  open,
  onPick,
}: {
  email: Email;
  open: boolean;
  onPick: (text: string) => void;
}) {
  const t = useT();
  const { token } = theme.useToken();
  const help = useReplySuggestions(email, open);
  const suggestions = help.data?.suggestions ?? [];
  if (suggestions.length === 0) return null;
  return (
    <Flex vertical gap={token.marginXXS}>
      <Typography.Text type="secondary" id="reply-suggestions-label">
        {t('suggestions.label')}
      </Typography.Text>
      <Flex wrap gap={token.marginXS} role="group" aria-labelledby="reply-suggestions-label">
        {suggestions.map((text) => (
          <Button
            key={text}
            size="small"
            shape="round"
            title={text}
            onClick={() => onPick(text)}
            style={{ maxWidth: '100%' }}
          >
            <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
              {text}
            </Typography.Text>
          </Button>
        ))}
      </Flex>
    </Flex>
  );
}
