import { forwardRef, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CryptoModule } from '../../common/crypto/crypto.module';
import { DocumentEntity } from '../../documents/document.entity';
import { DocumentFolderEntity } from '../../documents/document-folder.entity';
import { DocumentsModule } from '../../documents/documents.module';
import { FeatureTogglesModule } from '../../feature-toggles/feature-toggles.module';
import { OutboundModule } from '../../outbound/outbound.module';
import { SuggestionsModule } from '../../suggestions/suggestions.module';
import { EmailEntity } from '../email.entity';
import { EmailIntegrationEntity } from '../email-integration.entity';
import { MailAccess } from '../mail-access';
import { AttachmentDocumentsService } from './attachment-documents.service';
import { AttachmentRuleEntity } from './attachment-rule.entity';
import { AttachmentRulesListener } from './attachment-rules.listener';
import { AttachmentRulesService } from './attachment-rules.service';
import { EmailAttachmentsController } from './email-attachments.controller';

/**
 * Mail into Documents (issue 26): an attachment saved in one click, attachment rules run on every
 * sync, and the 'document' suggestions' maker. Its own module so that the suggestions can use it
 * without the whole of email.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      AttachmentRuleEntity,
      EmailEntity,
      EmailIntegrationEntity,
      DocumentEntity,
      DocumentFolderEntity,
    ]),
    CryptoModule,
    OutboundModule,
    FeatureTogglesModule,
    DocumentsModule,
    // Records what a rule or a click filed; its 'document' maker uses AttachmentDocumentsService.
    forwardRef(() => SuggestionsModule),
  ],
  controllers: [EmailAttachmentsController],
  providers: [MailAccess, AttachmentDocumentsService, AttachmentRulesService, AttachmentRulesListener],
  exports: [AttachmentDocumentsService],
})
export class AttachmentRulesModule {}
