import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { ApiAuthErrors, Public, Roles } from '../../common/auth/decorators';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok, Page } from '../../common/http/envelope';
import { ApiListQuery, Filter, ListParams, type ListQuery } from '../../common/http/list-query';
import {
  CreateFeatureDto,
  CreatePackageDto,
  FeatureResponseDto,
  PackageDetailDto,
  PackageResponseDto,
  PublicPackageDto,
  SetPackageFeaturesDto,
  UpdateFeatureDto,
  UpdatePackageDto,
} from './dto/package.dto';
import { FEATURE_MODULES, FEATURE_TYPES } from './feature.entity';
import { toFeatureResponse } from './packages.mapper';
import { PackagesService } from './packages.service';

const PACKAGE_LIST = {
  sortable: ['id', 'package_code', 'package_name', 'monthly_price', 'sort_order', 'created_at'],
  filterable: ['q', 'is_active'],
  defaultSort: ['sort_order', 'ASC'] as ['sort_order', 'ASC'],
};
const FEATURE_LIST = {
  sortable: ['id', 'feature_code', 'feature_name', 'module', 'feature_type', 'created_at'],
  filterable: ['q', 'module', 'feature_type', 'is_active'],
  defaultSort: ['id', 'ASC'] as ['id', 'ASC'],
  filters: { module: Filter.oneOf(FEATURE_MODULES), feature_type: Filter.oneOf(FEATURE_TYPES) },
};

@ApiTags('packages')
@ApiAuthErrors()
@Controller('packages')
export class PackagesController {
  constructor(private readonly packages: PackagesService) {}

  @Public()
  @Get('packages/public')
  @ApiOperation({ summary: 'Active packages for the landing page and the free trial, by sort_order' })
  @ApiEnvelope(PublicPackageDto, { isArray: true })
  publicList(): Promise<PublicPackageDto[]> {
    return this.packages.publicList();
  }

  @Get('packages')
  @Roles('superadmin')
  @ApiOperation({ summary: 'Packages with their included features' })
  @ApiListQuery()
  @ApiEnvelope(PackageResponseDto, { isArray: true })
  async list(@ListParams(PACKAGE_LIST) q: ListQuery) {
    const [items, total] = await this.packages.list(q);
    return new Page('packages/packages', items, q.offset, total);
  }

  @Post('packages')
  @Roles('superadmin')
  @ApiOperation({ summary: 'Create a package' })
  @ApiEnvelope(PackageDetailDto, { status: 201 })
  @ApiBadRequestResponse({ description: 'A field is invalid; errors name it' })
  @ApiConflictResponse({ description: 'A package with this code already exists' })
  async create(@Body() dto: CreatePackageDto) {
    return ok(await this.packages.create(dto), 'Package created successfully!');
  }

  @Get('packages/:id')
  @Roles('superadmin')
  @ApiOperation({ summary: 'A package with every feature of the catalogue and whether it is included' })
  @ApiEnvelope(PackageDetailDto)
  @ApiNotFoundResponse({ description: 'Package not found' })
  detail(@Param('id', ParseIntPipe) id: number): Promise<PackageDetailDto> {
    return this.packages.detail(id);
  }

  @Put('packages/:id')
  @Roles('superadmin')
  @ApiOperation({ summary: 'Update a package (its code is fixed)' })
  @ApiEnvelope(PackageDetailDto)
  @ApiNotFoundResponse({ description: 'Package not found' })
  @ApiUnprocessableEntityResponse({ description: 'Lower limits than a company on the package uses' })
  async update(@Param('id', ParseIntPipe) id: number, @Body() dto: UpdatePackageDto) {
    return ok(await this.packages.update(id, dto), 'Package updated successfully!');
  }

  @Delete('packages/:id')
  @Roles('superadmin')
  @ApiOperation({ summary: 'Delete a package no company uses' })
  @ApiEnvelope(null)
  @ApiNotFoundResponse({ description: 'Package not found' })
  @ApiConflictResponse({ description: 'Companies are on this package' })
  async remove(@Param('id', ParseIntPipe) id: number) {
    await this.packages.remove(id);
    return ok({ id }, 'Package deleted successfully!');
  }

  @Put('packages/:id/features')
  @Roles('superadmin')
  @ApiOperation({ summary: "Include or exclude features in a package (unlisted features keep their state)" })
  @ApiEnvelope(PackageDetailDto)
  @ApiNotFoundResponse({ description: 'Package not found' })
  async setFeatures(@Param('id', ParseIntPipe) id: number, @Body() dto: SetPackageFeaturesDto) {
    return ok(await this.packages.setFeatures(id, dto), 'Package features updated successfully!');
  }

  @Get('features')
  @Roles('superadmin')
  @ApiOperation({ summary: 'The feature catalogue' })
  @ApiListQuery()
  @ApiEnvelope(FeatureResponseDto, { isArray: true })
  async features(@ListParams(FEATURE_LIST) q: ListQuery) {
    const [items, total] = await this.packages.listFeatures(q);
    return new Page('packages/features', items.map(toFeatureResponse), q.offset, total);
  }

  @Post('features')
  @Roles('superadmin')
  @ApiOperation({ summary: 'Create a feature' })
  @ApiEnvelope(FeatureResponseDto, { status: 201 })
  @ApiConflictResponse({ description: 'A feature with this code already exists' })
  async createFeature(@Body() dto: CreateFeatureDto) {
    return ok(toFeatureResponse(await this.packages.createFeature(dto)), 'Feature created successfully!');
  }

  @Get('features/:id')
  @Roles('superadmin')
  @ApiOperation({ summary: 'A feature' })
  @ApiEnvelope(FeatureResponseDto)
  @ApiNotFoundResponse({ description: 'Feature not found' })
  async feature(@Param('id', ParseIntPipe) id: number) {
    return toFeatureResponse(await this.packages.getFeature(id));
  }

  @Put('features/:id')
  @Roles('superadmin')
  @ApiOperation({ summary: 'Update a feature (its code is fixed)' })
  @ApiEnvelope(FeatureResponseDto)
  @ApiNotFoundResponse({ description: 'Feature not found' })
  async updateFeature(@Param('id', ParseIntPipe) id: number, @Body() dto: UpdateFeatureDto) {
    return ok(toFeatureResponse(await this.packages.updateFeature(id, dto)), 'Feature updated successfully!');
  }

  @Delete('features/:id')
  @Roles('superadmin')
  @ApiOperation({ summary: 'Delete a feature (and its package links)' })
  @ApiEnvelope(null)
  @ApiNotFoundResponse({ description: 'Feature not found' })
  async removeFeature(@Param('id', ParseIntPipe) id: number) {
    await this.packages.removeFeature(id);
    return ok({ id }, 'Feature deleted successfully!');
  }
}
