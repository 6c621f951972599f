import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AiModule } from '../ai/ai.module';
import { JobsModule } from '../jobs/jobs.module';
import { DocumentEntity } from './document.entity';
import { DocumentFolderEntity } from './document-folder.entity';
import { DocumentEnrichmentService } from './extraction/document-enrichment.service';
import { DocumentExtractionService } from './extraction/document-extraction.service';

/** Documents: uploads streamed to the document store, folders, text extraction jobs, search and AI summaries. */
@Module({
  imports: [TypeOrmModule.forFeature([DocumentEntity, DocumentFolderEntity]), JobsModule, AiModule],
  controllers: [],
  providers: [DocumentExtractionService, DocumentEnrichmentService],
})
export class DocumentsModule {}
