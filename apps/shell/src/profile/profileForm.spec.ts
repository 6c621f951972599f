import type { Profile } from '@aide/contracts';
import type { FieldErrors } from 'react-hook-form';
import { formItemProps } from './formItem';
import { profileFormSchema, toFormValues, type ProfileFormValues } from './profileForm';
import { formLevelError } from './two-factor/formLevelError';

const profile: Profile = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.test',
  profileImageUrl: null,
  bio: null,
  location: null,
  timezone: 'Europe/London',
  language: 'en',
  theme: 'system',
  emailNotifications: true,
  pushNotifications: false,
  weeklyDigest: true,
  marketingEmails: false,
  eventReminderMinutes: 10,
  dailyBriefing: 'off',
  briefingTime: '07:30',
  dashboardLayout: null,
};

describe('the profile form', () => {
  it('starts from the profile, with empty fields for what is not set, and without the email', () => {
    expect(toFormValues(profile)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      bio: '',
      location: '',
      timezone: 'Europe/London',
      language: 'en',
      theme: 'system',
      emailNotifications: true,
      pushNotifications: false,
      weeklyDigest: true,
      marketingEmails: false,
      eventReminderMinutes: 10,
      dailyBriefing: 'off',
      briefingTime: '07:30',
    });
  });

  it('saves an untouched form as it is, trimming what was typed', () => {
    const values = { ...toFormValues(profile), bio: '  Mathematician  ', location: ' London ' };
    expect(profileFormSchema.parse(values)).toEqual({ ...values, bio: 'Mathematician', location: 'London' });
  });

  it('asks for the names the sidebar shows, and for every field of the form', () => {
    const result = profileFormSchema.safeParse({ ...toFormValues({ ...profile, firstName: null }), lastName: '  ' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({ firstName: 'First name is required', lastName: 'Last name is required' });

    const { weeklyDigest: _left, ...missing } = toFormValues(profile);
    expect(profileFormSchema.safeParse(missing).success).toBe(false);
  });
});

describe('formItemProps', () => {
  const idFor = (name: string) => `profile-${name}`;

  it("links the label to the field and shows the field's message under it", () => {
    const errors: FieldErrors<ProfileFormValues> = {
      firstName: { type: 'too_small', message: 'First name is required' },
    };
    expect(formItemProps(errors, idFor, 'firstName')).toEqual({
      htmlFor: 'profile-firstName',
      validateStatus: 'error',
      help: 'First name is required',
    });
    expect(formItemProps(errors, idFor, 'lastName')).toEqual({
      htmlFor: 'profile-lastName',
      validateStatus: undefined,
      help: undefined,
    });
  });
});

describe('formLevelError', () => {
  it("finds a whole-form message wherever the resolver files it (the empty path or 'root')", () => {
    expect(formLevelError({ '': { type: 'custom', message: 'Enter your password or a code' } } as FieldErrors)).toBe(
      'Enter your password or a code',
    );
    expect(formLevelError({ root: { type: 'custom', message: 'Codes do not match' } } as FieldErrors)).toBe(
      'Codes do not match',
    );
  });

  it('answers nothing when only fields have errors, or none', () => {
    expect(formLevelError({ code: { type: 'custom', message: 'Code is required' } } as FieldErrors)).toBeUndefined();
    expect(formLevelError({})).toBeUndefined();
  });
});
