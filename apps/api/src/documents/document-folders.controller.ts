import {
  type CreateFolderPayload,
  DOCUMENT_MESSAGES,
  type DocumentFolder,
  documentsEndpoints,
  type UpdateFolderPayload,
} from '@aide/contracts';
import { Controller, Param } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../common/current-user.decorator';
import { Endpoint, EndpointBody } from '../common/endpoint';
import { IdParamPipe } from '../common/id-param.pipe';
import { RequiresModule } from '../feature-toggles/requires-module.decorator';
import type { User } from '../users/user.entity';
import { DocumentFoldersService } from './document-folders.service';

const folderId = new IdParamPipe('Folder id must be a positive whole number');

/**
 * Routes and payloads: `documentsEndpoints` in @aide/contracts. Folder changes move documents too
 * (a deleted folder's go to its parent): each change refetches both lists (EndpointInterceptor).
 */
@ApiTags('documents')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('documents')
@Controller()
export class DocumentFoldersController {
  constructor(private readonly folders: DocumentFoldersService) {}

  @Endpoint(documentsEndpoints.folders)
  list(@CurrentUser() user: User): Promise<DocumentFolder[]> {
    return this.folders.list(user.id);
  }

  @Endpoint(documentsEndpoints.createFolder)
  @ApiBadRequestResponse({ description: `e.g. '${DOCUMENT_MESSAGES.folderNameRequired}'` })
  @ApiNotFoundResponse({ description: `${DOCUMENT_MESSAGES.folderNotFound} (the parent)` })
  @ApiConflictResponse({ description: DOCUMENT_MESSAGES.folderExists })
  create(
    @CurrentUser() user: User,
    @EndpointBody(documentsEndpoints.createFolder) body: CreateFolderPayload,
  ): Promise<DocumentFolder> {
    return this.folders.create(user.id, body);
  }

  @Endpoint(documentsEndpoints.updateFolder)
  @ApiOperation({ description: 'parentFolderId moves it under another of your folders, or to Root with null.' })
  @ApiBadRequestResponse({ description: `e.g. '${DOCUMENT_MESSAGES.folderCycle}'` })
  @ApiNotFoundResponse({ description: `${DOCUMENT_MESSAGES.folderNotFound} (the folder or the new parent)` })
  @ApiConflictResponse({ description: DOCUMENT_MESSAGES.folderExists })
  update(
    @CurrentUser() user: User,
    @Param('id', folderId) id: number,
    @EndpointBody(documentsEndpoints.updateFolder) body: UpdateFolderPayload,
  ): Promise<DocumentFolder> {
    return this.folders.update(user.id, id, body);
  }

  @Endpoint(documentsEndpoints.removeFolder)
  @ApiOperation({
    description:
      "Nothing inside is deleted: the folder's documents and subfolders move to its parent folder (or Root), in one transaction. " +
      "A subfolder whose name a folder there already has is renamed 'Name (2)' (or the next free number). " +
      'Answers 204: its documents and subfolders are now in its parent.',
  })
  @ApiNotFoundResponse({ description: DOCUMENT_MESSAGES.folderNotFound })
  async remove(@CurrentUser() user: User, @Param('id', folderId) id: number): Promise<void> {
    await this.folders.remove(user.id, id);
  }
}
