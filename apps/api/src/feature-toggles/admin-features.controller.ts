import {
  type CreateFeatureTogglePayload,
  type FeatureToggle,
  featureTogglesEndpoints,
  type UpdateFeatureTogglePayload,
} from '@aide/contracts';
import { Param } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse } from '@nestjs/swagger';
import { AdminController } from '../common/admin-controller.decorator';
import { Endpoint, EndpointBody } from '../common/endpoint';
import { IdParamPipe } from '../common/id-param.pipe';
import { FeatureTogglesService } from './feature-toggles.service';

// eslint-disable-next-line no-useless-assignment -- false positive: its read in a parameter decorator is missed (eslint/eslint#20947)
const toggleId = new IdParamPipe('Feature toggle id must be a positive whole number');

/** Routes and payloads: `featureTogglesEndpoints` in @aide/contracts. */
@AdminController()
export class AdminFeaturesController {
  constructor(private readonly toggles: FeatureTogglesService) {}

  @Endpoint(featureTogglesEndpoints.list)
  list(): Promise<FeatureToggle[]> {
    return this.toggles.list();
  }

  @Endpoint(featureTogglesEndpoints.create)
  @ApiBadRequestResponse({ description: 'Validation failed, e.g. "Name is required"' })
  @ApiConflictResponse({ description: 'A feature toggle with this name already exists' })
  create(@EndpointBody(featureTogglesEndpoints.create) body: CreateFeatureTogglePayload): Promise<FeatureToggle> {
    return this.toggles.create(body);
  }

  @Endpoint(featureTogglesEndpoints.update)
  @ApiNotFoundResponse({ description: 'Feature toggle not found' })
  @ApiConflictResponse({ description: 'A feature toggle with this name already exists' })
  update(
    @Param('id', toggleId) id: number,
    @EndpointBody(featureTogglesEndpoints.update) body: UpdateFeatureTogglePayload,
  ): Promise<FeatureToggle> {
    return this.toggles.update(id, body);
  }
}
