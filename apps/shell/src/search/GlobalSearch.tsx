import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { InputRef } from 'antd';
import type { SearchAutoCompleteProps } from './SearchAutoComplete';
import { SearchInput } from './SearchInput';

type Props = Omit<SearchAutoCompleteProps, 'initialText'>;

let loading: Promise<ComponentType<SearchAutoCompleteProps>> | null = null;
const loadAutoComplete = () => (loading ??= import('./SearchAutoComplete').then((m) => m.default));

/**
 * The header search. At first paint it is a plain field: the autocomplete behind it (antd
 * AutoComplete, its option list, the search query) loads when the user reaches for it (pointer
 * over it, focus, Ctrl/⌘+K), so the first page of every visit does not download it. What is typed
 * meanwhile is kept and handed over, and the autocomplete takes the focus.
 */
export function GlobalSearch({ autoFocus, onDone, hotkey = true }: Props) {
  const [AutoComplete, setAutoComplete] = useState<ComponentType<SearchAutoCompleteProps> | null>(null);
  const [draft, setDraft] = useState('');
  const [focused, setFocused] = useState(Boolean(autoFocus));
  const boxRef = useRef<InputRef>(null);

  const load = () => {
    void loadAutoComplete().then((component) => setAutoComplete(() => component));
  };
  useEffect(() => {
    if (autoFocus) load();
  }, [autoFocus]);

  useEffect(() => {
    if (!hotkey || AutoComplete) return;
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        boxRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [hotkey, AutoComplete]);

  if (AutoComplete)
    return <AutoComplete autoFocus={autoFocus || focused} onDone={onDone} hotkey={hotkey} initialText={draft} />;
  return (
    <SearchInput
      ref={boxRef}
      value={draft}
      showHotkey={!autoFocus && !draft}
      autoFocus={autoFocus}
      onChange={(e) => setDraft(e.target.value)}
      onPointerEnter={load}
      onFocus={() => {
        setFocused(true);
        load();
      }}
      onBlur={() => setFocused(false)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && onDone) onDone();
      }}
    />
  );
}
