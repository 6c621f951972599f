import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DocumentEntity } from './document.entity';
import { DocumentFolderEntity } from './document-folder.entity';
import { DocumentExtractionService } from './extraction/document-extraction.service';

/** Documents: uploads streamed to the document store, folders, text extraction jobs, search and AI summaries. */
@Module({
  imports: [TypeOrmModule.forFeature([DocumentEntity, DocumentFolderEntity])],
  controllers: [],
  providers: [DocumentExtractionService],
})
export class DocumentsModule {}
