import {
  type CreateFeatureTogglePayload,
  createFeatureToggleSchema,
  type FeatureToggle,
  type UpdateFeatureTogglePayload,
  updateFeatureToggleSchema,
} from '@aide/contracts';
import { Body, Get, Param, Patch, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
} from '@nestjs/swagger';
import { AdminController } from '../common/admin-controller.decorator';
import { IdParamPipe } from '../common/id-param.pipe';
import { openApiSchema } from '../common/openapi.util';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import { FEATURE_TOGGLE_OPENAPI } from './feature-toggle.openapi';
import { FeatureTogglesService } from './feature-toggles.service';

// eslint-disable-next-line no-useless-assignment -- false positive: its read in a parameter decorator is missed (eslint/eslint#20947)
const toggleId = new IdParamPipe('Feature toggle id must be a positive whole number');

@AdminController('features')
export class AdminFeaturesController {
  constructor(private readonly toggles: FeatureTogglesService) {}

  @Get()
  @ApiOkResponse({
    description: 'Every feature toggle, by name',
    schema: { type: 'array', items: FEATURE_TOGGLE_OPENAPI },
  })
  list(): Promise<FeatureToggle[]> {
    return this.toggles.list();
  }

  @Post()
  @ApiBody({ schema: openApiSchema(createFeatureToggleSchema) })
  @ApiCreatedResponse({ schema: FEATURE_TOGGLE_OPENAPI })
  @ApiBadRequestResponse({ description: 'Validation failed, e.g. "Name is required"' })
  @ApiConflictResponse({ description: 'A feature toggle with this name already exists' })
  create(
    @Body(new ZodValidationPipe(createFeatureToggleSchema)) body: CreateFeatureTogglePayload,
  ): Promise<FeatureToggle> {
    return this.toggles.create(body);
  }

  @Patch(':id')
  @ApiBody({ schema: openApiSchema(updateFeatureToggleSchema) })
  @ApiOkResponse({ schema: FEATURE_TOGGLE_OPENAPI })
  @ApiNotFoundResponse({ description: 'Feature toggle not found' })
  @ApiConflictResponse({ description: 'A feature toggle with this name already exists' })
  update(
    @Param('id', toggleId) id: number,
    @Body(new ZodValidationPipe(updateFeatureToggleSchema)) body: UpdateFeatureTogglePayload,
  ): Promise<FeatureToggle> {
    return this.toggles.update(id, body);
  }
}
