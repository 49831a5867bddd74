import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Auth, RequireModule } from '../../common/auth/decorators';
import type { AuthContext } from '../../common/auth/auth-context';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok } from '../../common/http/envelope';
import { ApiListQuery, ListParams, type ListQuery } from '../../common/http/list-query';
import { CreatePositionDto, PositionResponseDto, UpdatePositionDto } from './dto/position.dto';
import { POSITION_LIST, PositionsService } from './positions.service';

class PositionDeletedDto {
  @ApiProperty() id!: number;
}

@ApiTags('positions')
@Controller('hr/positions')
export class PositionsController {
  constructor(private readonly positions: PositionsService) {}

  @Get()
  @RequireModule('positions', 'view')
  @ApiOperation({ summary: 'List positions', description: 'filter: q (code or title), id, department_id, level, company_id' })
  @ApiListQuery()
  @ApiEnvelope(PositionResponseDto, { isArray: true })
  list(@Auth() ctx: AuthContext, @ListParams(POSITION_LIST) q: ListQuery) {
    return this.positions.list(ctx, q);
  }

  @Get(':id')
  @RequireModule('positions', 'view')
  @ApiOperation({ summary: 'One position' })
  @ApiEnvelope(PositionResponseDto)
  @ApiNotFoundResponse({ description: "Not a position of the caller's company" })
  get(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number) {
    return this.positions.get(ctx, id);
  }

  @Post()
  @RequireModule('positions', 'create')
  @ApiOperation({ summary: 'Create a position' })
  @ApiEnvelope(PositionResponseDto, { status: 201 })
  @ApiBadRequestResponse({ description: 'Position code and title are required; max_salary below min_salary' })
  @ApiNotFoundResponse({ description: "department_id is not a department of the caller's company" })
  @ApiConflictResponse({ description: 'Position code already exists' })
  async create(@Auth() ctx: AuthContext, @Body() dto: CreatePositionDto) {
    return ok(await this.positions.create(ctx, dto), 'Position created successfully');
  }

  @Put(':id')
  @RequireModule('positions', 'edit')
  @ApiOperation({ summary: 'Update a position (position_code cannot change)' })
  @ApiEnvelope(PositionResponseDto)
  @ApiBadRequestResponse({ description: 'A field is invalid, or position_code differs from the current one' })
  @ApiNotFoundResponse({ description: "The position or the department is not the caller's company's" })
  async update(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdatePositionDto) {
    return ok(await this.positions.update(ctx, id, dto), 'Position updated successfully');
  }

  @Delete(':id')
  @HttpCode(200)
  @RequireModule('positions', 'delete')
  @ApiOperation({ summary: 'Delete a position that no employee holds' })
  @ApiEnvelope(PositionDeletedDto)
  @ApiConflictResponse({ description: 'Employees still hold it (the message says how many)' })
  async remove(@Param('id', ParseIntPipe) id: number) {
    await this.positions.remove(id);
    return ok({ id }, 'Position deleted successfully');
  }
}
