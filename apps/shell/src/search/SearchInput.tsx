import type { Ref } from 'react';
import { Input, Typography, theme, type InputProps, type InputRef } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useT } from '../i18n';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export interface SearchInputProps extends InputProps {
  ref?: Ref<InputRef>;
  /** The Ctrl/⌘ K hint on the right (hidden while there is text, and on a phone). */
  showHotkey?: boolean;
}

/**
 * The header search field as it looks, shared by the light box on screen at first paint and the
 * autocomplete that replaces it (which passes its own props through, as antd's AutoComplete does).
 */
export function SearchInput({ showHotkey, placeholder, 'aria-label': ariaLabel, ...props }: SearchInputProps) {
  const t = useT();
  const { token } = theme.useToken();
  return (
    <Input
      allowClear
      variant="filled"
      {...props}
      // After the spread: AutoComplete hands its child `placeholder: undefined` among its props.
      aria-label={ariaLabel ?? t('search.label')}
      placeholder={placeholder ?? t('search.placeholder')}
      prefix={<SearchOutlined style={{ color: token.colorTextTertiary }} />}
      suffix={
        showHotkey ? (
          <Typography.Text keyboard type="secondary" style={{ fontSize: 12 }}>
            {isMac ? '⌘ K' : 'Ctrl K'}
          </Typography.Text>
        ) : null
      }
    />
  );
}
