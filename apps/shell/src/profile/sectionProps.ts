import type { Control, FieldErrors, FieldPath } from 'react-hook-form';
import type { ProfileFormPayload, ProfileFormValues } from './profileForm';

/** What every section of the Profile form gets from the page that owns the form. */
export interface ProfileSectionProps {
  control: Control<ProfileFormValues, unknown, ProfileFormPayload>;
  errors: FieldErrors<ProfileFormValues>;
  idFor: (name: FieldPath<ProfileFormValues>) => string;
}
