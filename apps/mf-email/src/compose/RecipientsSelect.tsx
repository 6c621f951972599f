import { useState } from 'react';
import { Select } from 'antd';
import { useDebouncedValue } from '@aide/ui';
import { useComposeT } from '../i18n/compose';
import { useContactSuggestions } from './useCompose';

export interface RecipientsSelectProps {
  id?: string;
  value: string[];
  onChange: (value: string[]) => void;
  label: string;
  status?: 'error';
  autoFocus?: boolean;
}

/** To, Cc or Bcc: typed addresses (tags) with suggestions from the people in the user's mail. */
export function RecipientsSelect({ id, value, onChange, label, status, autoFocus }: RecipientsSelectProps) {
  const t = useComposeT();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 200);
  const suggestions = useContactSuggestions(q);
  const options = (suggestions.data ?? [])
    .filter((contact) => !value.includes(contact.address))
    .map((contact) => ({
      value: contact.address,
      label: contact.name ? `${contact.name} <${contact.address}>` : contact.address,
    }));
  return (
    <Select
      id={id}
      mode="tags"
      aria-label={label}
      autoFocus={autoFocus}
      value={value}
      status={status}
      placeholder={t('recipients.placeholder')}
      options={options}
      filterOption={false}
      tokenSeparators={[',', ';', ' ']}
      onSearch={setSearch}
      onChange={(next: string[]) => {
        setSearch('');
        onChange([...new Set(next.map((address) => address.trim()).filter(Boolean))]);
      }}
      notFoundContent={null}
      style={{ width: '100%' }}
      variant="borderless"
    />
  );
}
