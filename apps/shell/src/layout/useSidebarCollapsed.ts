import { useCallback, useState } from 'react';

/** Whether the desktop sidebar is collapsed to icons, remembered across visits. */
export const SIDEBAR_COLLAPSED_KEY = 'aide-sidebar-collapsed';

export function useSidebarCollapsed(): [boolean, (collapsed: boolean) => void] {
  const [collapsed, setState] = useState(() => localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === 'true');
  const setCollapsed = useCallback((next: boolean) => {
    localStorage.setItem(SIDEBAR_COLLAPSED_KEY, String(next));
    setState(next);
  }, []);
  return [collapsed, setCollapsed];
}
