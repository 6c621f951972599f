/** A site's robots.txt as the audit and the backup read it (RFC 9309, the parts they need). */
export interface RobotsRules {
  /** Sitemap: lines, absolute addresses. */
  sitemaps: string[];
  /** Whether `path` (with its query) may be fetched by `agent`. */
  allows(path: string, agent: string): boolean;
  /** Whether the group for every crawler ('*') disallows the whole site. */
  disallowsAll(): boolean;
}

interface Group {
  agents: string[];
  rules: { allow: boolean; pattern: string }[];
}

/** A robots.txt path pattern as a regular expression ('*' any characters, '$' the end). */
function patternRegex(pattern: string): RegExp {
  const anchored = pattern.endsWith('$');
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
}

export function parseRobots(text: string, base: string): RobotsRules {
  const groups: Group[] = [];
  const sitemaps: string[] = [];
  let current: Group | null = null;
  let lastWasAgent = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, '').trim();
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (key === 'sitemap') {
      try {
        sitemaps.push(new URL(value, base).href);
      } catch {
        // A sitemap line that is no address names nothing.
      }
    } else if ((key === 'allow' || key === 'disallow') && current) {
      // An empty Disallow allows everything: no rule.
      if (value) current.rules.push({ allow: key === 'allow', pattern: value });
    }
  }

  const groupFor = (agent: string): Group | undefined => {
    const name = agent.toLowerCase();
    return (
      groups.find((group) => group.agents.some((a) => a !== '*' && name.includes(a))) ??
      groups.find((group) => group.agents.includes('*'))
    );
  };
  const allows = (path: string, agent: string) => {
    const group = groupFor(agent);
    if (!group) return true;
    // The longest matching pattern wins; Allow wins a tie.
    let best: { allow: boolean; length: number } | null = null;
    for (const rule of group.rules) {
      if (!patternRegex(rule.pattern).test(path)) continue;
      if (!best || rule.pattern.length > best.length || (rule.pattern.length === best.length && rule.allow))
        best = { allow: rule.allow, length: rule.pattern.length };
    }
    return best?.allow ?? true;
  };
  return {
    sitemaps,
    allows,
    disallowsAll: () => {
      const group = groups.find((g) => g.agents.includes('*'));
      return Boolean(group?.rules.some((rule) => !rule.allow && rule.pattern === '/')) && !allows('/', '*');
    },
  };
}

/** No robots.txt (404) or an unreadable one: everything is allowed. */
export const NO_ROBOTS: RobotsRules = { sitemaps: [], allows: () => true, disallowsAll: () => false };
