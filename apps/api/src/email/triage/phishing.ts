import type { EmailCategory, EmailPriority, PhishingSignal, PhishingVerdict } from '@aide/contracts';

/**
 * Suspected phishing (issue 24): signals a reader can check (PhishingSignal: data the email screen
 * words in the reader's language), each also given as a short English reason for other clients.
 * A mail is flagged when at least one signal fires; the caller keeps it out of Regular/Other.
 */

export interface PhishingMessage {
  /** The From header as text, e.g. '"PayPal Security" <x@random.biz>'. */
  from: string;
  subject: string;
  text: string;
  html?: string | null;
  /** The raw Authentication-Results header value(s), if the server added any. */
  authenticationResults?: string | null;
}

export type { PhishingVerdict };

/** A signal in English (metadata.phishing.reasons). */
export function reasonOf(signal: PhishingSignal): string {
  switch (signal.kind) {
    case 'shownAddress':
      return `The sender's name shows ${signal.shown} but the mail comes from ${signal.domain}`;
    case 'brandName':
      return `The sender calls itself "${signal.name}" but writes from ${signal.domain}`;
    case 'punycode':
      return `The sender's domain ${signal.domain} uses look-alike (punycode) characters`;
    case 'digitsForLetters':
      return `The sender's domain ${signal.domain} imitates ${signal.imitates} (digits in place of letters)`;
    case 'extraWords':
      return `The sender's domain ${signal.domain} adds words to the name ${signal.name} but is not ${signal.imitates}`;
    case 'authenticationFailed':
      return `${signal.method} check failed`;
    case 'credentialForm':
      return 'The message holds a form asking for your details';
    case 'deceptiveLink':
      return `A link shows ${signal.shown} but leads to ${signal.target}`;
  }
}

/** Brands whose names phishers borrow most; matched against the sender's domain and display name. */
const BRANDS: Record<string, string[]> = {
  paypal: ['paypal.com'],
  apple: ['apple.com', 'icloud.com'],
  microsoft: ['microsoft.com', 'outlook.com', 'live.com', 'office.com'],
  google: ['google.com', 'gmail.com'],
  amazon: ['amazon.com', 'amazon.de', 'amazon.co.uk', 'amazon.co.jp'],
  netflix: ['netflix.com'],
  facebook: ['facebook.com', 'facebookmail.com'],
  dhl: ['dhl.com', 'dhl.de'],
  chase: ['chase.com'],
  wellsfargo: ['wellsfargo.com'],
  barclays: ['barclays.co.uk', 'barclays.com'],
  hsbc: ['hsbc.com', 'hsbc.co.uk'],
  santander: ['santander.com', 'santander.co.uk'],
  revolut: ['revolut.com'],
  mybank: ['mybank.com'],
};

/** BRANDS as [brand, domain] pairs, in order (a brand's last domain is the one a look-alike imitates). */
const BRAND_DOMAINS = Object.entries(BRANDS).flatMap(([brand, domains]) =>
  domains.map((domain) => [brand, domain] as const),
);

const CREDENTIAL_WORDS =
  /\b(password|passcode|log ?in|sign ?in|verify (your )?(account|identity)|confirm (your )?(account|identity|details)|account (is )?(suspended|locked|on hold)|update (your )?(payment|billing) (details|information))\b/i;

/** Digits phishers put in for letters. */
const DIGIT_LETTERS: Record<string, string> = { '0': 'o', '1': 'l', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b' };

function addressOf(from: string): string {
  const match = /<([^>]+)>/.exec(from);
  return (match?.[1] ?? from).trim().toLowerCase();
}

function displayNameOf(from: string): string {
  return (/^\s*"?([^"<]*?)"?\s*</.exec(from)?.[1] ?? '').trim();
}

function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

/** 'mail.paypal.com' → 'paypal.com' (two labels; three for e.g. co.uk). */
export function registrableDomain(domain: string): string {
  const labels = domain.toLowerCase().replace(/\.$/, '').split('.');
  const secondLevel = labels.at(-2) ?? '';
  const keep =
    labels.length > 2 && /^(co|com|org|net|ac|gov)$/.test(secondLevel) && labels.at(-1)!.length === 2 ? 3 : 2;
  return labels.slice(-keep).join('.');
}

function sameOrganisation(a: string, b: string): boolean {
  return registrableDomain(a) === registrableDomain(b);
}

/** The name part of a domain without its suffix: 'secure-paypa1.co.uk' → 'secure-paypa1'. */
function domainName(domain: string): string {
  return registrableDomain(domain).split('.')[0] ?? '';
}

/** Look-alike of a known domain: punycode, digits for letters, or a brand name with extra words. */
function lookAlike(domain: string, knownDomains: string[]): PhishingSignal | null {
  const registrable = registrableDomain(domain);
  if (knownDomains.some((known) => registrableDomain(known) === registrable)) return null;
  if (domain.split('.').some((label) => label.startsWith('xn--'))) return { kind: 'punycode', domain };
  const name = domainName(domain);
  const undigited = name.replace(/[0-9]/g, (digit) => DIGIT_LETTERS[digit] ?? digit);
  const knownNames = new Map<string, string>();
  for (const known of knownDomains) knownNames.set(domainName(known), registrableDomain(known));
  for (const [brand, brandDomain] of BRAND_DOMAINS) knownNames.set(brand, brandDomain);
  // Run for every synced message: the words are split once, not once per known name.
  const words = undigited.split(/[-_]/);
  for (const [knownName, knownDomain] of knownNames) {
    if (knownName.length < 4) continue;
    if (undigited !== name && undigited === knownName)
      return { kind: 'digitsForLetters', domain, imitates: knownDomain };
    if (words.length > 1 && words.includes(knownName))
      return { kind: 'extraWords', domain, name: knownName, imitates: knownDomain };
  }
  return null;
}

/** Brand in the display name ('PayPal Security') while the address is on another domain. */
function displayNameMismatch(from: string): PhishingSignal | null {
  const name = displayNameOf(from);
  const address = addressOf(from);
  if (!name || !address.includes('@')) return null;
  const domain = domainOf(address);
  const shownAddress = /[\w.+-]+@([\w-]+(\.[\w-]+)+)/.exec(name);
  if (shownAddress && !sameOrganisation(shownAddress[1]!, domain))
    return { kind: 'shownAddress', shown: shownAddress[0], domain };
  // Whole words, or two words run together ('Wells Fargo'): 'Johnny Appleseed' is not Apple.
  const words = name
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  const names = new Set([...words, ...words.slice(1).map((word, i) => `${words[i]}${word}`)]);
  for (const [brand, domains] of Object.entries(BRANDS)) {
    if (!names.has(brand)) continue;
    if (domains.some((d) => sameOrganisation(d, domain))) return null;
    return { kind: 'brandName', name, domain };
  }
  return null;
}

/** Links whose visible text names one domain while the href goes to another. */
function deceptiveLinks(html: string): PhishingSignal[] {
  const signals = new Map<string, PhishingSignal>();
  const anchor = /<a\b[^>]*\bhref\s*=\s*["']?([^"'\s>]+)[^>]*>([\s\S]*?)<\/a>/gi;
  for (const match of html.matchAll(anchor)) {
    const href = match[1]!;
    const shown = match[2]!.replace(/<[^>]*>/g, '').trim();
    const shownDomain = /(?:https?:\/\/)?((?:[a-z0-9-]+\.)+[a-z]{2,})/i.exec(shown)?.[1];
    const hrefDomain = URL.canParse(href) ? new URL(href).hostname : '';
    if (shownDomain && hrefDomain && !sameOrganisation(shownDomain, hrefDomain))
      signals.set(`${shownDomain} ${hrefDomain}`, { kind: 'deceptiveLink', shown: shownDomain, target: hrefDomain });
  }
  return [...signals.values()];
}

/** dkim=fail, spf=fail, dmarc=fail (softfail counts for SPF) in Authentication-Results. */
function failedAuthentication(header: string): PhishingSignal[] {
  const failed = [...header.matchAll(/\b(dkim|spf|dmarc)\s*=\s*(fail|softfail|permerror)\b/gi)].map(
    (m) => m[1]!.toUpperCase() as 'DKIM' | 'SPF' | 'DMARC',
  );
  return [...new Set(failed)].map((method) => ({ kind: 'authenticationFailed', method }));
}

/**
 * The reasons to suspect the message, or null. `correspondents` are domains the user already
 * writes with (and the user's own), which look-alikes are compared with as well as the brand list.
 */
export function detectPhishing(message: PhishingMessage, correspondents: string[] = []): PhishingVerdict | null {
  const signals: PhishingSignal[] = [];
  const address = addressOf(message.from);
  const domain = address.includes('@') ? domainOf(address) : '';

  const mismatch = displayNameMismatch(message.from);
  if (mismatch) signals.push(mismatch);
  if (domain) {
    const lookalike = lookAlike(domain, correspondents);
    if (lookalike) signals.push(lookalike);
  }
  if (message.authenticationResults) signals.push(...failedAuthentication(message.authenticationResults));

  const html = message.html ?? '';
  const asksForCredentials =
    CREDENTIAL_WORDS.test(`${message.subject}\n${message.text}`) || /<input\b[^>]*type\s*=\s*["']?password/i.test(html);
  if (/<form\b/i.test(html) && asksForCredentials) signals.push({ kind: 'credentialForm' });
  const links = deceptiveLinks(html);
  if (links.length > 0 && asksForCredentials) signals.push(...links);
  // A request for credentials alone is normal from a real service; it counts only next to another signal.
  return signals.length > 0 ? { reasons: signals.map(reasonOf), signals } : null;
}

/** The sync's call: sent mail and drafts are the user's own and never suspected. */
export function suspectPhishing(
  message: {
    from: string;
    subject: string;
    body: string;
    htmlBody: string | null;
    authenticationResults: string | null;
  },
  ownAddress: string,
): PhishingVerdict | null {
  const ownDomain = ownAddress.slice(ownAddress.lastIndexOf('@') + 1).toLowerCase();
  if (addressOf(message.from) === ownAddress.toLowerCase()) return null;
  return detectPhishing(
    {
      from: message.from,
      subject: message.subject,
      text: message.body,
      html: message.htmlBody,
      authenticationResults: message.authenticationResults,
    },
    ownDomain ? [ownDomain] : [],
  );
}

/** A suspected mail is never left at regular: at least important, so the person sees the warning. */
export function phishingPriority(priority: EmailPriority, verdict: PhishingVerdict | null): EmailPriority {
  return verdict && priority === 'regular' ? 'important' : priority;
}

/** A suspected mail is filed as spam rather than Other or a trusted category. */
export function phishingCategory(
  category: EmailCategory | null,
  verdict: PhishingVerdict | null,
): EmailCategory | null {
  return verdict ? 'spam' : category;
}
