import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SocialAccountEntity } from './social-account.entity';
import { SocialEngagementSnapshotEntity } from './social-engagement-snapshot.entity';
import { SocialPostEntity } from './social-post.entity';

/** Social media: AI-written posts per platform, scheduled publishing, connected accounts and their engagement. */
@Module({
  imports: [TypeOrmModule.forFeature([SocialPostEntity, SocialAccountEntity, SocialEngagementSnapshotEntity])],
})
export class SocialModule {}
