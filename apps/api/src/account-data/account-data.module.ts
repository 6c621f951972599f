import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { AuthModule } from '../auth/auth.module';
import { DocumentsModule } from '../documents/documents.module';
import { AccountDataController } from './account-data.controller';
import { AccountDataService } from './account-data.service';

/** Export my data, delete my account. */
@Module({
  imports: [AuthModule, AccountModule, DocumentsModule],
  controllers: [AccountDataController],
  providers: [AccountDataService],
})
export class AccountDataModule {}
