import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAuthErrors, Auth, RequireModule, Roles } from '../../common/auth/decorators';
import type { AuthContext } from '../../common/auth/auth-context';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok } from '../../common/http/envelope';
import { ApiListQuery, ListParams, type ListQuery } from '../../common/http/list-query';
import { CreateWorkLocationDto, LOCATION_REQUIRED, UpdateWorkLocationDto, WorkLocationResponseDto } from './dto/work-location.dto';
import { DeletedDto } from './shifts.controller';
import { WORK_LOCATION_LIST, WorkLocationsService } from './work-locations.service';

/** Work locations of the shift roster: the geofences check-ins are verified against. */
@ApiTags('shift-roster')
@ApiAuthErrors()
@Roles('company_admin', 'superadmin')
@Controller('hr/work-locations')
export class WorkLocationsController {
  constructor(private readonly locations: WorkLocationsService) {}

  @Get()
  @RequireModule('attendance', 'view')
  @ApiOperation({ summary: 'Work locations', description: 'filter: q (name or address), id, is_active' })
  @ApiListQuery()
  @ApiEnvelope(WorkLocationResponseDto, { isArray: true })
  list(@ListParams(WORK_LOCATION_LIST) q: ListQuery) {
    return this.locations.list(q);
  }

  @Get(':id')
  @RequireModule('attendance', 'view')
  @ApiOperation({ summary: 'One work location' })
  @ApiEnvelope(WorkLocationResponseDto)
  @ApiNotFoundResponse({ description: 'Work location not found' })
  get(@Param('id', ParseIntPipe) id: number) {
    return this.locations.get(id);
  }

  @Post()
  @RequireModule('attendance', 'create')
  @ApiOperation({ summary: "Create a work location (radius 10 to 1000 m, default the company's default radius, 100 m)" })
  @ApiEnvelope(WorkLocationResponseDto, { status: 201 })
  @ApiBadRequestResponse({ description: `'${LOCATION_REQUIRED}', or a coordinate or radius out of bounds` })
  async create(@Auth() ctx: AuthContext, @Body() dto: CreateWorkLocationDto) {
    return ok(await this.locations.create(ctx, dto), 'Location created successfully');
  }

  @Put(':id')
  @RequireModule('attendance', 'edit')
  @ApiOperation({ summary: 'Update a work location' })
  @ApiEnvelope(WorkLocationResponseDto)
  @ApiNotFoundResponse({ description: 'Work location not found' })
  async update(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateWorkLocationDto) {
    return ok(await this.locations.update(ctx, id, dto), 'Location updated successfully');
  }

  @Delete(':id')
  @HttpCode(200)
  @RequireModule('attendance', 'delete')
  @ApiOperation({ summary: 'Delete a work location that no assignment uses' })
  @ApiEnvelope(DeletedDto)
  @ApiNotFoundResponse({ description: 'Work location not found' })
  @ApiConflictResponse({ description: 'Assignments still use the location' })
  async remove(@Param('id', ParseIntPipe) id: number) {
    await this.locations.remove(id);
    return ok({ id }, 'Location deleted successfully');
  }
}
