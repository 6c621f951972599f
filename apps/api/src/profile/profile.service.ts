import type { Profile, UpdateProfilePayload } from '@aide/contracts';
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { User } from '../users/user.entity';
import { ProfileEntity } from './profile.entity';
import { toProfile } from './profile.mapper';

type PreferenceColumns = Partial<Omit<ProfileEntity, 'userId' | 'user' | 'createdAt' | 'updatedAt'>>;
const PREFERENCES = [
  'bio',
  'location',
  'timezone',
  'language',
  'theme',
  'emailNotifications',
  'pushNotifications',
  'weeklyDigest',
  'marketingEmails',
  'eventReminderMinutes',
  'dailyBriefing',
  'briefingTime',
  'dashboardLayout',
] as const satisfies readonly (keyof PreferenceColumns)[];

/** A blank bio or location is stored as null, so "not set" has one representation. */
const blankToNull = (value: string | null) => (value ? value : null);

/** The signed-in user's profile: preferences in `profiles`, names in `users`. */
@Injectable()
export class ProfileService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async get(userId: number): Promise<Profile> {
    const user = await this.dataSource.getRepository(User).findOneBy({ id: userId });
    if (!user) throw new NotFoundException('User not found');
    return toProfile(user, await this.dataSource.getRepository(ProfileEntity).findOneBy({ userId }));
  }

  /**
   * Applies the fields present in `changes`, writing only those columns (so two tabs saving
   * different switches do not undo each other). The profile row is created on the first save.
   */
  async update(userId: number, changes: UpdateProfilePayload): Promise<Profile> {
    const preferences: PreferenceColumns = {};
    for (const key of PREFERENCES) {
      if (changes[key] !== undefined) Object.assign(preferences, { [key]: changes[key] });
    }
    if (preferences.bio !== undefined) preferences.bio = blankToNull(preferences.bio);
    if (preferences.location !== undefined) preferences.location = blankToNull(preferences.location);
    const names: Partial<Pick<User, 'firstName' | 'lastName'>> = {};
    if (changes.firstName !== undefined) names.firstName = changes.firstName;
    if (changes.lastName !== undefined) names.lastName = changes.lastName;

    await this.dataSource.transaction(async (manager) => {
      if (Object.keys(names).length > 0) await manager.getRepository(User).update({ id: userId }, names);
      if (Object.keys(preferences).length > 0) {
        const columns = Object.keys(preferences);
        await manager
          .createQueryBuilder()
          .insert()
          .into(ProfileEntity)
          .values({ userId, ...preferences })
          // On conflict only the given columns (and updatedAt) change; the others keep their saved values.
          .orUpdate([...columns, 'updatedAt'], ['userId'])
          .execute();
      }
    });
    return this.get(userId);
  }
}
