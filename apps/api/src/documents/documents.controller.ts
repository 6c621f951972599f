import {
  type Document,
  DOCUMENT_CATEGORIES,
  DOCUMENT_LIMITS,
  DOCUMENT_MESSAGES,
  documentsEndpoints,
  type DocumentSummary,
  type KeepDocumentSuggestionPayload,
  type ListDocumentsQuery,
  type MoveDocumentPayload,
  type UpdateDocumentPayload,
  type UploadDocumentsResult,
} from '@aide/contracts';
import { Controller, Param, Req, Res, StreamableFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
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
import { Endpoint, EndpointBody, EndpointQuery } from '../common/endpoint';
import { IdParamPipe } from '../common/id-param.pipe';
import { RequiresModule } from '../feature-toggles/requires-module.decorator';
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

/**
 * Routes and payloads: `documentsEndpoints` in @aide/contracts; each change refetches the documents
 * and the folders (their counts change with documents), see EndpointInterceptor.
 */
@ApiTags('documents')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('documents')
@Controller()
export class DocumentsController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly uploads: DocumentUploadsService,
  ) {}

  @Endpoint(documentsEndpoints.list)
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
  @ApiBadRequestResponse({ description: "e.g. 'Folder id must be a positive whole number'" })
  list(
    @CurrentUser() user: User,
    @EndpointQuery(documentsEndpoints.list) query: ListDocumentsQuery,
  ): Promise<DocumentSummary[]> {
    return this.documents.list(user.id, query);
  }

  @Endpoint(documentsEndpoints.upload)
  @ApiOperation({
    description:
      `multipart/form-data: one or more \`files\` parts (at most ${DOCUMENT_LIMITS.maxFilesPerUpload}) and an optional \`folderId\` (Root when left out). ` +
      'Each file streams to the document store; its type is read from its content, never its name or the browser. ' +
      'All or nothing: when any file is refused, nothing of the request is kept. ' +
      'Answers { documents } in upload order; text extraction follows in the background.',
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
    try {
      return await this.uploads.upload(user.id, { headers: request.headers, body: request });
    } catch (error) {
      discardRequestBody(request, response);
      throw error;
    }
  }

  @Endpoint(documentsEndpoints.get)
  @ApiNotFoundResponse({ description: DOCUMENT_MESSAGES.documentNotFound })
  get(@CurrentUser() user: User, @Param('id', documentId) id: number): Promise<Document> {
    return this.documents.get(user.id, id);
  }

  @Endpoint(documentsEndpoints.update)
  @ApiBadRequestResponse({ description: `e.g. '${DOCUMENT_MESSAGES.documentNameRequired}'` })
  @ApiNotFoundResponse({ description: DOCUMENT_MESSAGES.documentNotFound })
  update(
    @CurrentUser() user: User,
    @Param('id', documentId) id: number,
    @EndpointBody(documentsEndpoints.update) body: UpdateDocumentPayload,
  ): Promise<DocumentSummary> {
    return this.documents.update(user.id, id, body);
  }

  @Endpoint(documentsEndpoints.keepSuggestion)
  @ApiBadRequestResponse({
    description: `'${DOCUMENT_MESSAGES.suggestionNotOffered}', '${DOCUMENT_MESSAGES.tooManyTags}' or '${DOCUMENT_MESSAGES.suggestionRequired}'`,
  })
  @ApiNotFoundResponse({ description: DOCUMENT_MESSAGES.documentNotFound })
  keepSuggestion(
    @CurrentUser() user: User,
    @Param('id', documentId) id: number,
    @EndpointBody(documentsEndpoints.keepSuggestion) body: KeepDocumentSuggestionPayload,
  ): Promise<DocumentSummary> {
    return this.documents.keepSuggestion(user.id, id, body);
  }

  @Endpoint(documentsEndpoints.dismissSuggestions)
  @ApiNotFoundResponse({ description: DOCUMENT_MESSAGES.documentNotFound })
  dismissSuggestions(@CurrentUser() user: User, @Param('id', documentId) id: number): Promise<DocumentSummary> {
    return this.documents.dismissSuggestions(user.id, id);
  }

  @Endpoint(documentsEndpoints.archive)
  @ApiNotFoundResponse({ description: DOCUMENT_MESSAGES.documentNotFound })
  archive(@CurrentUser() user: User, @Param('id', documentId) id: number): Promise<DocumentSummary> {
    return this.documents.setArchived(user.id, id, true);
  }

  @Endpoint(documentsEndpoints.unarchive)
  @ApiNotFoundResponse({ description: DOCUMENT_MESSAGES.documentNotFound })
  unarchive(@CurrentUser() user: User, @Param('id', documentId) id: number): Promise<DocumentSummary> {
    return this.documents.setArchived(user.id, id, false);
  }

  @Endpoint(documentsEndpoints.move)
  @ApiNotFoundResponse({
    description: `'${DOCUMENT_MESSAGES.documentNotFound}' or '${DOCUMENT_MESSAGES.folderNotFound}'`,
  })
  move(
    @CurrentUser() user: User,
    @Param('id', documentId) id: number,
    @EndpointBody(documentsEndpoints.move) body: MoveDocumentPayload,
  ): Promise<DocumentSummary> {
    return this.documents.move(user.id, id, body.folderId);
  }

  @Endpoint(documentsEndpoints.remove)
  @ApiNotFoundResponse({ description: DOCUMENT_MESSAGES.documentNotFound })
  async remove(@CurrentUser() user: User, @Param('id', documentId) id: number): Promise<void> {
    await this.documents.remove(user.id, id);
  }

  @Endpoint(documentsEndpoints.download)
  @ApiProduces('application/octet-stream')
  @ApiNotFoundResponse({ description: `'${DOCUMENT_MESSAGES.documentNotFound}' or '${DOCUMENT_MESSAGES.fileMissing}'` })
  async download(
    @CurrentUser() user: User,
    @Param('id', documentId) id: number,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    return fileHeaders(response, await this.documents.open(user.id, id), 'attachment');
  }

  @Endpoint(documentsEndpoints.preview)
  @ApiProduces('application/pdf')
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
