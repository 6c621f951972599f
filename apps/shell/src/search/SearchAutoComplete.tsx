import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AutoComplete, Flex, Spin, Tag, Typography, theme, type AutoCompleteProps, type InputRef } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import type { SearchResult } from '@aide/contracts';
import { useRemoteModules } from '../federation/remote-modules';
import { groupSearchResults, resultKey } from './searchGroups';
import { useT } from '../i18n';
import { moduleTitle } from '../layout/moduleTitles';
import { SearchInput } from './SearchInput';
import { useGlobalSearch } from './useGlobalSearch';
import { QUICK_ADD_MODULE, QUICK_ADD_OPTION, quickAddAvailable, quickAddLink } from './quickAddCommand';

export interface SearchAutoCompleteProps {
  /** Phone: the search opens full width and focused, and closes after a choice or Escape. */
  autoFocus?: boolean;
  onDone?: () => void;
  /** Whether Ctrl/⌘+K focuses this box (only the one on screen listens). */
  hotkey?: boolean;
  /** What was typed into the light box (GlobalSearch) while this code loaded. */
  initialText?: string;
}

const TYPE_KEYS = {
  task: 'search.type.task',
  event: 'search.type.event',
  email: 'search.type.email',
  document: 'search.type.document',
  research: 'search.type.research',
  post: 'search.type.post',
  trip: 'search.type.trip',
  website: 'search.type.website',
} as const;

function ResultLabel({ result }: { result: SearchResult }) {
  const t = useT();
  const typeKey = TYPE_KEYS[result.type as keyof typeof TYPE_KEYS];
  return (
    <Flex vertical style={{ minWidth: 0, padding: '2px 0' }}>
      <Flex align="center" gap={8} justify="space-between">
        <Typography.Text strong ellipsis>
          {result.title}
        </Typography.Text>
        <Tag
          variant="filled"
          style={{ marginInlineEnd: 0, flex: 'none', textTransform: typeKey ? undefined : 'capitalize' }}
        >
          {typeKey ? t(typeKey) : result.type.replace(/_/g, ' ')}
        </Tag>
      </Flex>
      {result.snippet && (
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
          {result.snippet}
        </Typography.Text>
      )}
    </Flex>
  );
}

/**
 * The header search: GET /api/search as the user types (debounced), results grouped by module;
 * choosing one (click, or arrows + Enter) opens its link. Ctrl/⌘+K focuses it. Loaded only once
 * the user reaches for the search (see GlobalSearch): AutoComplete is one of antd's larger parts.
 */
export default function SearchAutoComplete({
  autoFocus,
  onDone,
  hotkey = true,
  initialText = '',
}: SearchAutoCompleteProps) {
  const t = useT();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const registry = useRemoteModules((s) => s.registry);
  const { pathname } = useLocation();
  const canQuickAdd = useRemoteModules(
    (s) => Boolean(s.registry?.some((m) => m.id === QUICK_ADD_MODULE)) && quickAddAvailable(s.states[QUICK_ADD_MODULE]),
  );
  const [text, setText] = useState(initialText);
  const inputRef = useRef<InputRef>(null);
  const { results, pending, error } = useGlobalSearch(text);

  useEffect(() => {
    if (!hotkey) return;
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        inputRef.current?.focus({ cursor: 'all' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [hotkey]);

  const { options, links } = useMemo(
    () => ({
      links: new Map(results.map((r) => [resultKey(r), r.link])),
      options: groupSearchResults(results, registry, (id, fallback) => moduleTitle(t, id, fallback)).map((group) => ({
        label: (
          <Typography.Text
            type="secondary"
            style={{ fontSize: 12, fontWeight: 600, textTransform: 'uppercase', letterSpacing: 0.4 }}
          >
            {group.title}
          </Typography.Text>
        ),
        title: group.title,
        options: group.results.map((r) => ({ value: resultKey(r), label: <ResultLabel result={r} />, title: r.title })),
      })),
    }),
    [results, registry, t],
  );

  const typed = text.trim();
  // First, so Enter on a line like "Call mum Friday" makes it; the search results follow.
  const quickAdd: NonNullable<AutoCompleteProps['options']> =
    canQuickAdd && typed
      ? [
          {
            value: QUICK_ADD_OPTION,
            title: t('search.quickAdd', { text: typed }),
            label: (
              <Flex align="center" gap={8} style={{ padding: '2px 0' }}>
                <ThunderboltOutlined style={{ color: token.colorPrimary }} />
                <Typography.Text ellipsis>{t('search.quickAdd', { text: typed })}</Typography.Text>
              </Flex>
            ),
          },
        ]
      : [];

  const empty = pending ? (
    <Flex align="center" gap={8} style={{ padding: '8px 4px', color: token.colorTextSecondary }}>
      <Spin size="small" /> {t('search.searching')}
    </Flex>
  ) : error ? (
    <div style={{ padding: '8px 4px', color: token.colorTextSecondary }}>{t('search.unavailable')}</div>
  ) : (
    <div style={{ padding: '8px 4px', color: token.colorTextSecondary }}>{t('search.noResults')}</div>
  );

  return (
    <AutoComplete
      value={text}
      options={
        // With the quick add offered the list is never empty: the search's status shows as a row under it.
        quickAdd.length && options.length === 0
          ? [...quickAdd, { value: 'search-status:', disabled: true, label: empty }]
          : [...quickAdd, ...options]
      }
      // Ctrl/⌘+K, type, Enter: the quick add (the first option) opens with the line.
      defaultActiveFirstOption={quickAdd.length > 0}
      // The server already matched: show its results as they are.
      filterOption={false}
      notFoundContent={text.trim() ? empty : null}
      onChange={(value: string) => setText(links.has(value) || value === QUICK_ADD_OPTION ? text : value)}
      onSelect={(value: string) => {
        const link = value === QUICK_ADD_OPTION ? quickAddLink(text, pathname) : links.get(value);
        setText('');
        inputRef.current?.blur();
        onDone?.();
        if (link) void navigate(link);
      }}
      // Text typed into the light box before this loaded: show its results straight away.
      defaultOpen={Boolean(initialText.trim())}
      popupMatchSelectWidth={autoFocus ? true : 440}
      listHeight={420}
      // Not virtual: each visible row is a real role="option" named by its text (a handful of rows).
      virtual={false}
      style={{ width: '100%' }}
    >
      <SearchInput
        ref={inputRef}
        showHotkey={!autoFocus && !text}
        autoFocus={autoFocus}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && onDone) onDone();
        }}
      />
    </AutoComplete>
  );
}
