import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AiModule } from '../ai/ai.module';
import { FeatureTogglesModule } from '../feature-toggles/feature-toggles.module';
import { JobsModule } from '../jobs/jobs.module';
import { DocumentEntity } from './document.entity';
import { DocumentFolderEntity } from './document-folder.entity';
import { DocumentFoldersController } from './document-folders.controller';
import { DocumentFoldersService } from './document-folders.service';
import { DocumentsController } from './documents.controller';
import { DocumentsSearchProvider } from './documents.search-provider';
import { DocumentsService } from './documents.service';
import { DocumentEnrichmentService } from './extraction/document-enrichment.service';
import { DocumentExtractionService } from './extraction/document-extraction.service';
import { DOCUMENT_STORE, type DocumentStore } from './storage/document-store';
import { documentStoreProvider } from './storage/document-store.provider';
import { DocumentUploadsService } from './upload/document-uploads.service';

/** Documents: uploads streamed to the document store, folders, text extraction jobs, search and AI summaries. */
@Module({
  imports: [
    TypeOrmModule.forFeature([DocumentEntity, DocumentFolderEntity]),
    FeatureTogglesModule,
    JobsModule,
    AiModule,
  ],
  controllers: [DocumentsController, DocumentFoldersController],
  providers: [
    documentStoreProvider,
    DocumentsService,
    DocumentUploadsService,
    DocumentFoldersService,
    DocumentsSearchProvider,
    DocumentExtractionService,
    DocumentEnrichmentService,
  ],
  exports: [DOCUMENT_STORE, DocumentUploadsService],
})
export class DocumentsModule implements OnApplicationShutdown {
  constructor(@Inject(DOCUMENT_STORE) private readonly store: DocumentStore) {}

  /** An S3 store's client keeps connections open; let them go. */
  onApplicationShutdown(): void {
    (this.store as { destroy?: () => void }).destroy?.();
  }
}
