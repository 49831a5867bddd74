import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, Roles } from '../../common/auth/decorators';
import type { AuthContext, PermissionAction } from '../../common/auth/auth-context';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok } from '../../common/http/envelope';
import { EffectivePermissionDto, ModuleDto, PermissionEntryDto, SavePermissionsDto } from './dto/permission.dto';
import { PermissionMatrixService, type MatrixSubject } from './permission-matrix.service';
import { toModule, toPermissionEntry } from './permissions.mapper';
import { PermissionsService } from './permissions.service';

@ApiTags('permissions')
@Controller('permissions')
export class PermissionsController {
  constructor(
    private readonly permissions: PermissionsService,
    private readonly matrix: PermissionMatrixService,
  ) {}

  @Get('modules')
  @ApiOperation({ summary: 'The modules permissions are granted on' })
  @ApiEnvelope(ModuleDto, { isArray: true })
  async modules(): Promise<ModuleDto[]> {
    return (await this.permissions.modules()).map(toModule);
  }

  @Get('user/permissions')
  @ApiOperation({
    summary: "The caller's effective module permissions (plan ∩ role, position and department)",
    description:
      "With the company's self-service policy on, an employee's own-record rights are added (attendance: view, create; " +
      'leave: view, create; payroll: view; hr: view, KPI results, for modules of the plan) and the entry says self_service: true. ' +
      "With the line-manager policy on, an employee whom others report to gets the team's rights (employees, attendance, " +
      'monitoring, kpi: view; leave: view, edit) and the entry says line_manager: true. Each right says its scope.',
  })
  @ApiEnvelope(EffectivePermissionDto, { isArray: true })
  async mine(@Auth() ctx: AuthContext): Promise<EffectivePermissionDto[]> {
    const [modules, { rights: effective, selfService }] = await Promise.all([
      this.permissions.modules(),
      this.permissions.effectiveWithSelfService(ctx),
    ]);
    return modules
      .filter((m) => effective.has(m.module_key as any))
      .map((m) => {
        const r = effective.get(m.module_key as any)!;
        const has = (a: PermissionAction) => r[a] || !!r.lineManager?.includes(a);
        return {
          module_id: m.id,
          module: toModule(m),
          can_view: has('view'),
          can_create: has('create'),
          can_edit: has('edit'),
          can_delete: has('delete'),
          view_scope: has('view') ? (r.scope.view ?? null) : null,
          create_scope: has('create') ? (r.scope.create ?? null) : null,
          edit_scope: has('edit') ? (r.scope.edit ?? null) : null,
          delete_scope: has('delete') ? (r.scope.delete ?? null) : null,
          self_service: selfService.has(m.module_key as any),
          line_manager: !!r.lineManager?.length,
        };
      });
  }

  @Get('positions/:id/permissions')
  @Roles('company_admin', 'superadmin')
  @ApiOperation({ summary: "A position's permission entries" })
  @ApiEnvelope(PermissionEntryDto, { isArray: true })
  @ApiNotFoundResponse({ description: "No such position in the caller's company" })
  positionEntries(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number) {
    return this.read(ctx, 'position', id);
  }

  @Post('positions/:id/permissions')
  @HttpCode(200)
  @Roles('company_admin', 'superadmin')
  @ApiOperation({ summary: "Replaces a position's permission entries as a whole (one transaction)" })
  @ApiEnvelope(PermissionEntryDto, { isArray: true })
  @ApiBadRequestResponse({ description: 'An entry is invalid; errors name it (e.g. permissions.2.can_view)' })
  @ApiNotFoundResponse({ description: "No such position in the caller's company" })
  savePosition(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: SavePermissionsDto) {
    return this.save(ctx, 'position', id, dto);
  }

  @Get('departments/:id/permissions')
  @Roles('company_admin', 'superadmin')
  @ApiOperation({ summary: "A department's permission entries" })
  @ApiEnvelope(PermissionEntryDto, { isArray: true })
  @ApiNotFoundResponse({ description: "No such department in the caller's company" })
  departmentEntries(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number) {
    return this.read(ctx, 'department', id);
  }

  @Post('departments/:id/permissions')
  @HttpCode(200)
  @Roles('company_admin', 'superadmin')
  @ApiOperation({ summary: "Replaces a department's permission entries as a whole (one transaction)" })
  @ApiEnvelope(PermissionEntryDto, { isArray: true })
  @ApiBadRequestResponse({ description: 'An entry is invalid; errors name it (e.g. permissions.2.can_view)' })
  @ApiNotFoundResponse({ description: "No such department in the caller's company" })
  saveDepartment(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: SavePermissionsDto) {
    return this.save(ctx, 'department', id, dto);
  }

  private async read(ctx: AuthContext, subject: MatrixSubject, id: number): Promise<PermissionEntryDto[]> {
    return (await this.matrix.entries(ctx, subject, id)).map(toPermissionEntry);
  }

  private async save(ctx: AuthContext, subject: MatrixSubject, id: number, dto: SavePermissionsDto) {
    const saved = await this.matrix.replace(ctx, subject, id, dto.permissions);
    return ok(saved.entries.map(toPermissionEntry), `Permissions updated for ${saved.name}`);
  }
}
