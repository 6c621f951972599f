import {
  type CreateFolderPayload,
  createFolderSchema,
  DOCUMENT_MESSAGES,
  type DocumentFolder,
  type UpdateFolderPayload,
  updateFolderSchema,
} from '@aide/contracts';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../common/current-user.decorator';
import { IdParamPipe } from '../common/id-param.pipe';
import { openApiSchema } from '../common/openapi.util';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import { RequiresModule } from '../feature-toggles/requires-module.decorator';
import { StreamService } from '../stream/stream.service';
import type { User } from '../users/user.entity';
import { DocumentFoldersService } from './document-folders.service';

const folderId = new IdParamPipe('Folder id must be a positive whole number');

@ApiTags('documents')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('documents')
@Controller('api/document-folders')
export class DocumentFoldersController {
  constructor(
    private readonly folders: DocumentFoldersService,
    private readonly stream: StreamService,
  ) {}

  /** Folder changes move documents too (a deleted folder's go to its parent): both lists refetch. */
  private changed(userId: number, id: number): Promise<void> {
    return this.stream.publishQuietly([
      {
        userId,
        event: {
          type: 'entity.changed',
          entity: { type: 'document-folder', id },
          invalidate: ['/api/documents', '/api/document-folders'],
        },
      },
    ]);
  }

  @Get()
  @ApiOkResponse({
    description:
      "DocumentFolder[]: every folder of the user's tree (parentFolderId null: at Root) by name, with its documents' count",
  })
  list(@CurrentUser() user: User): Promise<DocumentFolder[]> {
    return this.folders.list(user.id);
  }

  @Post()
  @ApiBody({ schema: openApiSchema(createFolderSchema) })
  @ApiCreatedResponse({ description: 'DocumentFolder' })
  @ApiBadRequestResponse({ description: `e.g. '${DOCUMENT_MESSAGES.folderNameRequired}'` })
  @ApiNotFoundResponse({ description: `${DOCUMENT_MESSAGES.folderNotFound} (the parent)` })
  @ApiConflictResponse({ description: DOCUMENT_MESSAGES.folderExists })
  async create(
    @CurrentUser() user: User,
    @Body(new ZodValidationPipe(createFolderSchema)) body: CreateFolderPayload,
  ): Promise<DocumentFolder> {
    const folder = await this.folders.create(user.id, body);
    await this.changed(user.id, folder.id);
    return folder;
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Rename, recolour or move a folder',
    description: 'parentFolderId moves it under another of your folders, or to Root with null.',
  })
  @ApiBody({ schema: openApiSchema(updateFolderSchema) })
  @ApiOkResponse({ description: 'DocumentFolder' })
  @ApiBadRequestResponse({ description: `e.g. '${DOCUMENT_MESSAGES.folderCycle}'` })
  @ApiNotFoundResponse({ description: `${DOCUMENT_MESSAGES.folderNotFound} (the folder or the new parent)` })
  @ApiConflictResponse({ description: DOCUMENT_MESSAGES.folderExists })
  async update(
    @CurrentUser() user: User,
    @Param('id', folderId) id: number,
    @Body(new ZodValidationPipe(updateFolderSchema)) body: UpdateFolderPayload,
  ): Promise<DocumentFolder> {
    const folder = await this.folders.update(user.id, id, body);
    await this.changed(user.id, id);
    return folder;
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: 'Delete a folder, keeping its contents',
    description:
      "Nothing inside is deleted: the folder's documents and subfolders move to its parent folder (or Root), in one transaction. " +
      "A subfolder whose name a folder there already has is renamed 'Name (2)' (or the next free number).",
  })
  @ApiNoContentResponse({ description: 'Deleted; its documents and subfolders are now in its parent' })
  @ApiNotFoundResponse({ description: DOCUMENT_MESSAGES.folderNotFound })
  async remove(@CurrentUser() user: User, @Param('id', folderId) id: number): Promise<void> {
    await this.folders.remove(user.id, id);
    await this.changed(user.id, id);
  }
}
