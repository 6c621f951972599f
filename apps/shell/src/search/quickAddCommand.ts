/**
 * The search box's "Quick add “…”" command (issue 23). The shell knows nothing of dates: it hands the
 * typed text to the organiser through a link, '/tasks?add=<text>' (or '/calendar?add=' when the
 * calendar is on screen), and the organiser's quick add box there reads it, shows what it understood
 * and waits for Enter. So the shell loads no date parser, and the link is the whole contract.
 */
import type { ModuleState } from '../federation/remote-modules';

/** The module whose screens read '?add='. */
export const QUICK_ADD_MODULE = 'organiser';
/** The option's value: not a search result key (those are '<type>:<id>'). */
export const QUICK_ADD_OPTION = 'quick-add:';

/** Whether the organiser is described or loaded and has the screens the command links to. */
export function quickAddAvailable(state: ModuleState | undefined): boolean {
  if ((state?.status === 'described' || state?.status === 'ready') && state.description)
    return state.description.routes.includes('/tasks');
  return state?.status === 'ready' && state.module.routes.some((route) => route.path === '/tasks');
}

/** Where the command goes: the calendar keeps the user on the calendar; anywhere else opens Tasks. */
export function quickAddLink(text: string, pathname: string): string {
  const screen = pathname.startsWith('/calendar') ? '/calendar' : '/tasks';
  return `${screen}?add=${encodeURIComponent(text.trim())}`;
}
