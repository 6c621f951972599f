import { type SearchQuery, searchEndpoints, type SearchResponse } from '@aide/contracts';
import { Controller, UseGuards } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCookieAuth, ApiQuery, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser } from '../common/current-user.decorator';
import { Endpoint, EndpointQuery } from '../common/endpoint';
import { SessionAuthGuard } from '../common/session-auth.guard';
import type { User } from '../users/user.entity';
import { SearchService } from './search.service';

/** The header's "Search across all modules..." box. Not a module itself: each module's results are gated by its toggle. */
@ApiTags('search')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@UseGuards(SessionAuthGuard)
@Controller()
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Endpoint(searchEndpoints.find)
  @ApiQuery({ name: 'q', description: 'The text to find; each word matches as a prefix', example: 'rep' })
  @ApiBadRequestResponse({ description: 'Search text is required' })
  find(@CurrentUser() user: User, @EndpointQuery(searchEndpoints.find) query: SearchQuery): Promise<SearchResponse> {
    return this.search.search(user, query.q);
  }
}
