import { type AcceptSuggestionPayload, type Suggestion, suggestionEndpoints } from '@aide/contracts';
import { Controller, Param, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiNotFoundResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../common/current-user.decorator';
import { Endpoint, EndpointBody } from '../common/endpoint';
import { IdParamPipe } from '../common/id-param.pipe';
import { SessionAuthGuard } from '../common/session-auth.guard';
import { RequiresModule } from '../feature-toggles/requires-module.decorator';
import type { User } from '../users/user.entity';
import { SuggestionsService } from './suggestions.service';

const emailId = new IdParamPipe('Email id must be a positive whole number');
const documentId = new IdParamPipe('Document id must be a positive whole number');
const suggestionId = new IdParamPipe('Suggestion id must be a positive whole number');

/** Routes and payloads: `suggestionEndpoints` in @aide/contracts. */
@ApiTags('suggestions')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@Controller()
export class SuggestionsController {
  constructor(private readonly suggestions: SuggestionsService) {}

  @Endpoint(suggestionEndpoints.forEmail)
  @RequiresModule('email')
  @ApiNotFoundResponse({ description: 'Email not found' })
  forEmail(@CurrentUser() user: User, @Param('id', emailId) id: number): Promise<Suggestion[]> {
    return this.suggestions.forEmail(user.id, id);
  }

  @Endpoint(suggestionEndpoints.forDocument)
  @RequiresModule('documents')
  @ApiNotFoundResponse({ description: 'Document not found' })
  forDocument(@CurrentUser() user: User, @Param('id', documentId) id: number): Promise<Suggestion[]> {
    return this.suggestions.forDocument(user.id, id);
  }

  @Endpoint(suggestionEndpoints.accept)
  @UseGuards(SessionAuthGuard)
  @ApiBadRequestResponse({ description: "The edited draft's first problem, e.g. 'Title is required'" })
  @ApiNotFoundResponse({ description: 'Suggestion not found' })
  @ApiConflictResponse({ description: 'This suggestion has already been accepted or dismissed' })
  accept(
    @CurrentUser() user: User,
    @Param('id', suggestionId) id: number,
    @EndpointBody(suggestionEndpoints.accept) body: AcceptSuggestionPayload,
  ): Promise<Suggestion> {
    return this.suggestions.accept(user, id, body);
  }

  @Endpoint(suggestionEndpoints.dismiss)
  @UseGuards(SessionAuthGuard)
  @ApiNotFoundResponse({ description: 'Suggestion not found' })
  @ApiConflictResponse({ description: 'This suggestion has already been accepted or dismissed' })
  dismiss(@CurrentUser() user: User, @Param('id', suggestionId) id: number): Promise<Suggestion> {
    return this.suggestions.dismiss(user, id);
  }
}
