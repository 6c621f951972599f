import {
  type Document,
  DOCUMENT_CATEGORIES,
  DOCUMENT_LIMITS,
  DOCUMENT_MESSAGES,
  type DocumentSummary,
  type ListDocumentsQuery,
  listDocumentsQuerySchema,
  type MoveDocumentPayload,
  moveDocumentSchema,
  type UpdateDocumentPayload,
  updateDocumentSchema,
  type UploadDocumentsResult,
} from '@aide/contracts';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
  StreamableFile,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser } from '../common/current-user.decorator';
import { IdParamPipe } from '../common/id-param.pipe';
import { openApiSchema } from '../common/openapi.util';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import { RequiresModule } from '../feature-toggles/requires-module.decorator';
import { StreamService } from '../stream/stream.service';
import type { User } from '../users/user.entity';
import { contentDisposition } from './content-disposition.util';
import { DOCUMENT_SEARCH_LIMIT, type DocumentFile, DocumentsService } from './documents.service';
import { discardRequestBody } from './upload/discard-request-body';
import { DocumentUploadsService } from './upload/document-uploads.service';

const documentId = new IdParamPipe('Document id must be a positive whole number');

/** Documents stream to the store either way: intermediaries must not recompress or sniff them. */
function fileHeaders(response: Response, file: DocumentFile, disposition: 'attachment' | 'inline'): StreamableFile {
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Cache-Control', 'private, no-cache, no-transform');
  // Text was checked to be UTF-8 at upload: say so, rather than leave the browser to guess.
  const type = /^text\/|^application\/json$/.test(file.mimeType) ? `${file.mimeType}; charset=utf-8` : file.mimeType;
  return new StreamableFile(file.stream, {
    type,
    length: file.size,
    disposition: contentDisposition(disposition, file.originalName),
  });
}

@ApiTags('documents')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('documents')
@Controller('api/documents')
export class DocumentsController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly uploads: DocumentUploadsService,
    private readonly stream: StreamService,
  ) {}

  /** The user's other tabs refetch their documents and folders (folder counts change with documents). */
  private changed(userId: number, ids: number[]): Promise<void> {
    return this.stream.publishQuietly(
      ids.map((id) => ({
        userId,
        event: {
          type: 'entity.changed',
          entity: { type: 'document', id },
          invalidate: ['/api/documents', '/api/document-folders'],
        },
      })),
    );
  }

  @Get()
  @ApiQuery({
    name: 'folderId',
    required: false,
    description: "A folder's id, or 'root' for Root's documents only; left out: every folder",
  })
  @ApiQuery({
    name: 'q',
    required: false,
    description: `Words of the name, tags, summary or text, each matched as a prefix; the best ${DOCUMENT_SEARCH_LIMIT}, ranked, each with the passage that matched (match)`,
  })
  @ApiQuery({ name: 'category', required: false, enum: DOCUMENT_CATEGORIES })
  @ApiQuery({
    name: 'archived',
    required: false,
    description: 'true: include archived documents (Show Archived); default false',
  })
  @ApiOkResponse({ description: 'DocumentSummary[] (no content), newest first, or best match first with q' })
  @ApiBadRequestResponse({ description: "e.g. 'Folder id must be a positive whole number'" })
  list(
    @CurrentUser() user: User,
    @Query(new ZodValidationPipe(listDocumentsQuerySchema)) query: ListDocumentsQuery,
  ): Promise<DocumentSummary[]> {
    return this.documents.list(user.id, query);
  }

  @Post()
  @ApiOperation({
    summary: 'Upload documents',
    description:
      `multipart/form-data: one or more \`files\` parts (at most ${DOCUMENT_LIMITS.maxFilesPerUpload}) and an optional \`folderId\` (Root when left out). ` +
      'Each file streams to the document store; its type is read from its content, never its name or the browser. ' +
      'All or nothing: when any file is refused, nothing of the request is kept.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['files'],
      properties: {
        files: { type: 'array', items: { type: 'string', format: 'binary' } },
        folderId: { type: 'integer' },
      },
    },
  })
  @ApiCreatedResponse({
    description: '{ documents: DocumentSummary[] } in upload order; text extraction follows in the background',
  })
  @ApiBadRequestResponse({
    description: `'${DOCUMENT_MESSAGES.fileRequired}', '${DOCUMENT_MESSAGES.tooManyFiles}' or '${DOCUMENT_MESSAGES.badUpload}'`,
  })
  @ApiForbiddenResponse({ description: `Free plan: '${DOCUMENT_MESSAGES.freePlanLimit}'` })
  @ApiNotFoundResponse({ description: DOCUMENT_MESSAGES.folderNotFound })
  @ApiPayloadTooLargeResponse({
    description: `'${DOCUMENT_MESSAGES.fileTooLarge(DOCUMENT_LIMITS.defaultMaxFileSizeMb)}' (DOCUMENT_MAX_FILE_SIZE_MB)`,
  })
  @ApiUnsupportedMediaTypeResponse({ description: DOCUMENT_MESSAGES.executableRefused })
  async upload(
    @CurrentUser() user: User,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<UploadDocumentsResult> {
    let result: UploadDocumentsResult;
    try {
      result = await this.uploads.upload(user.id, { headers: request.headers, body: request });
    } catch (error) {
      discardRequestBody(request, response);
      throw error;
    }
    await this.changed(
      user.id,
      result.documents.map((document) => document.id),
    );
    return result;
  }

  @Get(':id')
  @ApiOkResponse({ description: 'Document: the summary and its extracted text (content)' })
  @ApiNotFoundResponse({ description: DOCUMENT_MESSAGES.documentNotFound })
  get(@CurrentUser() user: User, @Param('id', documentId) id: number): Promise<Document> {
    return this.documents.get(user.id, id);
  }

  @Patch(':id')
  @ApiBody({ schema: openApiSchema(updateDocumentSchema) })
  @ApiOkResponse({ description: 'DocumentSummary' })
  @ApiBadRequestResponse({ description: `e.g. '${DOCUMENT_MESSAGES.documentNameRequired}'` })
  @ApiNotFoundResponse({ description: DOCUMENT_MESSAGES.documentNotFound })
  async update(
    @CurrentUser() user: User,
    @Param('id', documentId) id: number,
    @Body(new ZodValidationPipe(updateDocumentSchema)) body: UpdateDocumentPayload,
  ): Promise<DocumentSummary> {
    const document = await this.documents.update(user.id, id, body);
    await this.changed(user.id, [id]);
    return document;
  }

  @Patch(':id/archive')
  @ApiOkResponse({ description: 'DocumentSummary, archived' })
  @ApiNotFoundResponse({ description: DOCUMENT_MESSAGES.documentNotFound })
  async archive(@CurrentUser() user: User, @Param('id', documentId) id: number): Promise<DocumentSummary> {
    const document = await this.documents.setArchived(user.id, id, true);
    await this.changed(user.id, [id]);
    return document;
  }

  @Patch(':id/unarchive')
  @ApiOkResponse({ description: 'DocumentSummary, not archived' })
  @ApiNotFoundResponse({ description: DOCUMENT_MESSAGES.documentNotFound })
  async unarchive(@CurrentUser() user: User, @Param('id', documentId) id: number): Promise<DocumentSummary> {
    const document = await this.documents.setArchived(user.id, id, false);
    await this.changed(user.id, [id]);
    return document;
  }

  @Patch(':id/move')
  @ApiBody({ schema: openApiSchema(moveDocumentSchema) })
  @ApiOkResponse({ description: 'DocumentSummary in its new folder (folderId null: Root)' })
  @ApiNotFoundResponse({
    description: `'${DOCUMENT_MESSAGES.documentNotFound}' or '${DOCUMENT_MESSAGES.folderNotFound}'`,
  })
  async move(
    @CurrentUser() user: User,
    @Param('id', documentId) id: number,
    @Body(new ZodValidationPipe(moveDocumentSchema)) body: MoveDocumentPayload,
  ): Promise<DocumentSummary> {
    const document = await this.documents.move(user.id, id, body.folderId);
    await this.changed(user.id, [id]);
    return document;
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Deleted, with its stored file' })
  @ApiNotFoundResponse({ description: DOCUMENT_MESSAGES.documentNotFound })
  async remove(@CurrentUser() user: User, @Param('id', documentId) id: number): Promise<void> {
    await this.documents.remove(user.id, id);
    await this.changed(user.id, [id]);
  }

  @Get(':id/download')
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({
    description: 'The file as uploaded: its detected type, Content-Disposition attachment with its name',
  })
  @ApiNotFoundResponse({ description: `'${DOCUMENT_MESSAGES.documentNotFound}' or '${DOCUMENT_MESSAGES.fileMissing}'` })
  async download(
    @CurrentUser() user: User,
    @Param('id', documentId) id: number,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    return fileHeaders(response, await this.documents.open(user.id, id), 'attachment');
  }

  @Get(':id/preview')
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'A PDF, inline, for the preview dialog' })
  @ApiNotFoundResponse({ description: `'${DOCUMENT_MESSAGES.documentNotFound}' or '${DOCUMENT_MESSAGES.fileMissing}'` })
  @ApiUnsupportedMediaTypeResponse({ description: DOCUMENT_MESSAGES.previewPdfOnly })
  async preview(
    @CurrentUser() user: User,
    @Param('id', documentId) id: number,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const file = await this.documents.open(user.id, id, { pdfOnly: true });
    // The preview dialog shows this in an <iframe> of the app's own origin: the app-wide DENY /
    // frame-ancestors 'none' (common/security-headers.ts) is relaxed to same-origin for this one
    // response; nothing else may frame it, and it runs nothing of ours (a verified PDF, nosniff).
    response.setHeader('X-Frame-Options', 'SAMEORIGIN');
    response.setHeader('Content-Security-Policy', "frame-ancestors 'self'");
    return fileHeaders(response, file, 'inline');
  }
}
