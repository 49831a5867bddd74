import { Body, Controller, Delete, Get, HttpCode, Injectable, Param, Post, Put, type PipeTransform } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { ApiAuthErrors, Public, Roles } from '../../common/auth/decorators';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok } from '../../common/http/envelope';
import { ApiError, badRequest } from '../../common/http/errors';
import { ApiListQuery, ListParams, type ListQuery } from '../../common/http/list-query';
import { CmsService, LANDING_PAGE_LIST } from './cms.service';
import { CreateLandingFeatureDto, LandingFeatureDto, UpdateLandingFeatureDto } from './dto/landing-feature.dto';
import { CreateLandingPageDto, LandingPageDto, UpdateLandingPageDto } from './dto/landing-page.dto';
import { CreateTestimonialDto, TestimonialDto, UpdateTestimonialDto } from './dto/testimonial.dto';

/** A path id: a positive integer in PostgreSQL's int range, else 400 naming it. */
@Injectable()
class IdPipe implements PipeTransform<string, number> {
  transform(raw: string): number {
    const value = String(raw);
    if (!/^\d+$/.test(value) || /^0+$/.test(value)) throw badRequest('id must be a positive whole number', 'id');
    // beyond a database id, as every other path id, it names no record: 0, which the service answers 404
    const id = value.length <= 10 ? Number(value) : NaN;
    if (!(id <= 2_147_483_647)) return 0;
    return id;
  }
}

@ApiTags('cms')
@Controller('cms')
export class CmsController {
  constructor(private readonly cms: CmsService) {}

  @Public()
  @Get('landing-page')
  @ApiOperation({ summary: 'The active landing page: content, features (by order_index), testimonials, stats, footer' })
  @ApiEnvelope(LandingPageDto)
  @ApiNotFoundResponse({ description: 'No landing page is active' })
  async landingPage(): Promise<LandingPageDto> {
    const page = await this.cms.activePage();
    if (!page) throw new ApiError(404, 'No active landing page');
    return page;
  }
}

@ApiTags('cms')
@ApiAuthErrors()
@Roles('superadmin')
@Controller('cms/admin')
export class CmsAdminController {
  constructor(private readonly cms: CmsService) {}

  @Get('landing-pages')
  @ApiOperation({ summary: 'Landing pages (newest first by default)' })
  @ApiListQuery()
  @ApiEnvelope(LandingPageDto, { isArray: true })
  list(@ListParams(LANDING_PAGE_LIST) q: ListQuery) {
    return this.cms.list(q);
  }

  @Get('landing-pages/:id')
  @ApiOperation({ summary: 'One landing page with its features and testimonials' })
  @ApiParam({ name: 'id', type: Number })
  @ApiEnvelope(LandingPageDto)
  @ApiNotFoundResponse({ description: 'Landing page not found' })
  get(@Param('id', IdPipe) id: number) {
    return this.cms.get(id);
  }

  @Post('landing-pages')
  @ApiOperation({ summary: 'Create a landing page (default texts, inactive); fields sent override the defaults' })
  @ApiEnvelope(LandingPageDto, { status: 201 })
  @ApiBadRequestResponse({ description: 'A field is invalid; errors name it' })
  async create(@Body() dto: CreateLandingPageDto) {
    return ok(await this.cms.create(dto), 'Landing page created successfully');
  }

  @Put('landing-pages/:id')
  @ApiOperation({
    summary: 'Update one or more fields; is_active true activates the page and deactivates every other one',
  })
  @ApiParam({ name: 'id', type: Number })
  @ApiEnvelope(LandingPageDto)
  @ApiBadRequestResponse({ description: 'A field is invalid, or nothing was sent' })
  @ApiNotFoundResponse({ description: 'Landing page not found' })
  async update(@Param('id', IdPipe) id: number, @Body() dto: UpdateLandingPageDto) {
    return ok(await this.cms.update(id, dto), 'Page updated successfully');
  }

  @Post('landing-pages/:id/activate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Make this the only active landing page' })
  @ApiParam({ name: 'id', type: Number })
  @ApiEnvelope(LandingPageDto)
  @ApiNotFoundResponse({ description: 'Landing page not found' })
  async activate(@Param('id', IdPipe) id: number) {
    return ok(await this.cms.activate(id), 'Landing page activated successfully');
  }

  @Delete('landing-pages/:id')
  @ApiOperation({ summary: 'Delete a landing page with its features and testimonials' })
  @ApiParam({ name: 'id', type: Number })
  @ApiEnvelope(null)
  @ApiNotFoundResponse({ description: 'Landing page not found' })
  async remove(@Param('id', IdPipe) id: number) {
    await this.cms.remove(id);
    return ok(null, 'Landing page deleted successfully');
  }

  @Post('landing-pages/:id/features')
  @ApiOperation({ summary: "Add a feature to a page (without order_index: after the page's last one)" })
  @ApiParam({ name: 'id', type: Number })
  @ApiEnvelope(LandingFeatureDto, { status: 201 })
  @ApiBadRequestResponse({ description: 'A field is invalid; errors name it' })
  @ApiNotFoundResponse({ description: 'Landing page not found' })
  async addFeature(@Param('id', IdPipe) id: number, @Body() dto: CreateLandingFeatureDto) {
    return ok(await this.cms.addFeature(id, dto), 'Feature created successfully');
  }

  @Put('features/:id')
  @ApiOperation({ summary: 'Update one or more fields of a feature' })
  @ApiParam({ name: 'id', type: Number })
  @ApiEnvelope(LandingFeatureDto)
  @ApiBadRequestResponse({ description: 'A field is invalid, or nothing was sent' })
  @ApiNotFoundResponse({ description: 'Feature not found' })
  async updateFeature(@Param('id', IdPipe) id: number, @Body() dto: UpdateLandingFeatureDto) {
    return ok(await this.cms.updateFeature(id, dto), 'Feature updated successfully');
  }

  @Delete('features/:id')
  @ApiOperation({ summary: 'Delete a feature' })
  @ApiParam({ name: 'id', type: Number })
  @ApiEnvelope(null)
  @ApiNotFoundResponse({ description: 'Feature not found' })
  async removeFeature(@Param('id', IdPipe) id: number) {
    await this.cms.removeFeature(id);
    return ok(null, 'Feature deleted successfully');
  }

  @Post('landing-pages/:id/testimonials')
  @ApiOperation({ summary: 'Add a testimonial to a page' })
  @ApiParam({ name: 'id', type: Number })
  @ApiEnvelope(TestimonialDto, { status: 201 })
  @ApiBadRequestResponse({ description: 'A field is invalid; errors name it' })
  @ApiNotFoundResponse({ description: 'Landing page not found' })
  async addTestimonial(@Param('id', IdPipe) id: number, @Body() dto: CreateTestimonialDto) {
    return ok(await this.cms.addTestimonial(id, dto), 'Testimonial created successfully');
  }

  @Put('testimonials/:id')
  @ApiOperation({ summary: 'Update one or more fields of a testimonial' })
  @ApiParam({ name: 'id', type: Number })
  @ApiEnvelope(TestimonialDto)
  @ApiBadRequestResponse({ description: 'A field is invalid, or nothing was sent' })
  @ApiNotFoundResponse({ description: 'Testimonial not found' })
  async updateTestimonial(@Param('id', IdPipe) id: number, @Body() dto: UpdateTestimonialDto) {
    return ok(await this.cms.updateTestimonial(id, dto), 'Testimonial updated successfully');
  }

  @Delete('testimonials/:id')
  @ApiOperation({ summary: 'Delete a testimonial' })
  @ApiParam({ name: 'id', type: Number })
  @ApiEnvelope(null)
  @ApiNotFoundResponse({ description: 'Testimonial not found' })
  async removeTestimonial(@Param('id', IdPipe) id: number) {
    await this.cms.removeTestimonial(id);
    return ok(null, 'Testimonial deleted successfully');
  }
}
