import { type SearchQuery, searchQuerySchema, type SearchResponse, SEARCH_RESULTS_PER_MODULE } from '@aide/contracts';
import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../common/current-user.decorator';
import { SessionAuthGuard } from '../common/session-auth.guard';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import type { User } from '../users/user.entity';
import { SEARCH_RESPONSE_OPENAPI } from './search.openapi';
import { SearchService } from './search.service';

/** The header's "Search across all modules..." box. Not a module itself: each module's results are gated by its toggle. */
@ApiTags('search')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@UseGuards(SessionAuthGuard)
@Controller('api/search')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get()
  @ApiQuery({ name: 'q', description: 'The text to find; each word matches as a prefix', example: 'rep' })
  @ApiOkResponse({
    description: `At most ${SEARCH_RESULTS_PER_MODULE} results per module the user may use, best first`,
    schema: SEARCH_RESPONSE_OPENAPI,
  })
  @ApiBadRequestResponse({ description: 'Search text is required' })
  find(
    @CurrentUser() user: User,
    @Query(new ZodValidationPipe(searchQuerySchema)) query: SearchQuery,
  ): Promise<SearchResponse> {
    return this.search.search(user, query.q);
  }
}
