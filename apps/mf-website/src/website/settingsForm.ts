/**
 * The Settings dialog's form (DECISIONS: the website 'Settings' action opens an edit dialog). The
 * contract has the PATCH schema but no form for it, so the form lives here: the Add New Website
 * fields, the Active switch and the WordPress credentials, turned into a PATCH of what changed.
 */
import { z } from 'zod';
import {
  websiteFormSchema,
  wordpressCredentialsSchema,
  type UpdateWebsitePayload,
  type Website,
} from '@aide/contracts';

export const SETTINGS_MESSAGES = {
  passwordRequired: 'Enter the application password to connect WordPress',
  usernameRequired: 'WordPress username is required',
} as const;

export const websiteSettingsFormSchema = websiteFormSchema
  .extend({
    isActive: z.boolean(),
    wordpressUsername: z.string().trim(),
    /** Blank keeps the stored password (it is never sent back to the browser). */
    wordpressPassword: z.string().trim(),
    /** 'Remove WordPress connection' was pressed. */
    removeWordpress: z.boolean(),
    /** Whether the site has stored credentials (not edited: tells what blank fields mean). */
    wordpressConfigured: z.boolean(),
    /** The stored username, to tell whether it changed. */
    storedUsername: z.string(),
  })
  .superRefine((form, ctx) => {
    if (form.removeWordpress) return;
    const { wordpressUsername: username, wordpressPassword: password } = form;
    // A blank username is not a way to disconnect: 'Remove WordPress connection' is.
    if (!username && (password || form.wordpressConfigured))
      ctx.addIssue({ code: 'custom', path: ['wordpressUsername'], message: SETTINGS_MESSAGES.usernameRequired });
    // New credentials, or a changed username: the password is needed to sign in with them.
    const changed = form.wordpressConfigured ? username !== form.storedUsername : Boolean(username);
    if (username && changed && !password)
      ctx.addIssue({ code: 'custom', path: ['wordpressPassword'], message: SETTINGS_MESSAGES.passwordRequired });
    if (username && password) {
      const parsed = wordpressCredentialsSchema.safeParse({ username, applicationPassword: password });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          ctx.addIssue({
            code: 'custom',
            path: [issue.path[0] === 'username' ? 'wordpressUsername' : 'wordpressPassword'],
            message: issue.message,
          });
        }
      }
    }
  });
export type WebsiteSettingsForm = z.input<typeof websiteSettingsFormSchema>;

/** The form's values for a site. */
export const settingsFormValues = (site: Website): WebsiteSettingsForm => ({
  name: site.name,
  url: site.url,
  platform: site.platform ?? '',
  isActive: site.isActive,
  wordpressUsername: site.wordpress.username ?? '',
  wordpressPassword: '',
  removeWordpress: false,
  wordpressConfigured: site.wordpress.configured,
  storedUsername: site.wordpress.username ?? '',
});

/** PATCH /api/websites/:id: only the fields that changed; null when nothing did. */
export function settingsPayload(site: Website, raw: WebsiteSettingsForm): UpdateWebsitePayload | null {
  const form = websiteSettingsFormSchema.parse(raw);
  const payload: UpdateWebsitePayload = {};
  if (form.name !== site.name) payload.name = form.name;
  if (form.url !== site.url) payload.url = form.url;
  const platform = form.platform || null;
  if (platform !== site.platform) payload.platform = platform;
  if (form.isActive !== site.isActive) payload.isActive = form.isActive;
  if (form.removeWordpress) {
    if (site.wordpress.configured) payload.wordpress = null;
  } else if (form.wordpressUsername && form.wordpressPassword) {
    payload.wordpress = { username: form.wordpressUsername, applicationPassword: form.wordpressPassword };
  }
  return Object.keys(payload).length ? payload : null;
}
