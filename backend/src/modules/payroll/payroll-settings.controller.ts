import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { ApiAuthErrors, RequireModule } from '../../common/auth/decorators';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok } from '../../common/http/envelope';
import { badRequest } from '../../common/http/errors';
import {
  AssignmentResponseDto,
  CreateAssignmentDto,
  CreateSalaryComponentDto,
  ReplaceTaxBracketsDto,
  SalaryComponentResponseDto,
  TaxBracketResponseDto,
  UpdateAssignmentDto,
  UpdateSalaryComponentDto,
} from './dto/payroll-settings.dto';
import { StaffAccess, type PayrollAccess } from './payroll-access';
import { PayrollSettingsService } from './payroll-settings.service';
import { fieldLabel } from '../../common/http/fields';

const optionalId = (value: string | undefined, field: string) => {
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value)) throw badRequest(`${fieldLabel(field)} must be an id`, field);
  return Number(value);
};

/** Payroll settings of a company (payroll staff): salary components, their assignment, the tax table. */
@ApiTags('payroll')
@ApiAuthErrors()
@Controller('hr/payroll')
export class PayrollSettingsController {
  constructor(private readonly settings: PayrollSettingsService) {}

  @Get('components')
  @RequireModule('payroll', 'view')
  @ApiOperation({ summary: 'Salary components (allowances and deductions)' })
  @ApiEnvelope(SalaryComponentResponseDto, { isArray: true })
  components(@StaffAccess() _access: PayrollAccess) {
    return this.settings.components();
  }

  @Post('components')
  @RequireModule('payroll', 'edit')
  @ApiOperation({ summary: 'Create a salary component: a fixed monthly amount or a percentage of the basic salary' })
  @ApiEnvelope(SalaryComponentResponseDto, { status: 201 })
  @ApiBadRequestResponse({ description: "'Component name and code are required', or a field is invalid" })
  @ApiConflictResponse({ description: 'A salary component with this code already exists' })
  async createComponent(@StaffAccess() access: PayrollAccess, @Body() dto: CreateSalaryComponentDto) {
    return ok(await this.settings.createComponent(access.companyId, dto), 'Salary component created successfully');
  }

  @Put('components/:id')
  @RequireModule('payroll', 'edit')
  @ApiOperation({ summary: 'Update a salary component (applies from the next payroll run)' })
  @ApiEnvelope(SalaryComponentResponseDto)
  @ApiNotFoundResponse({ description: 'Salary component not found' })
  @ApiConflictResponse({ description: 'A salary component with this code already exists' })
  async updateComponent(
    @StaffAccess() _access: PayrollAccess,
    @Param('id', ParseIntPipe) id: number,
    @Body() dto: UpdateSalaryComponentDto,
  ) {
    return ok(await this.settings.updateComponent(id, dto), 'Salary component updated successfully');
  }

  @Delete('components/:id')
  @HttpCode(200)
  @RequireModule('payroll', 'delete')
  @ApiOperation({ summary: 'Delete a salary component and its assignments (computed payrolls keep their lines)' })
  @ApiEnvelope(null)
  @ApiNotFoundResponse({ description: 'Salary component not found' })
  async removeComponent(@StaffAccess() _access: PayrollAccess, @Param('id', ParseIntPipe) id: number) {
    await this.settings.removeComponent(id);
    return ok(null, 'Salary component deleted successfully');
  }

  @Get('employee-components')
  @RequireModule('payroll', 'view')
  @ApiOperation({ summary: 'Components assigned to employees' })
  @ApiQuery({ name: 'employee_id', required: false, schema: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } })
  @ApiQuery({ name: 'component_id', required: false, schema: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } })
  @ApiEnvelope(AssignmentResponseDto, { isArray: true })
  @ApiBadRequestResponse({ description: 'employee_id or component_id is not an id' })
  assignments(
    @StaffAccess() _access: PayrollAccess,
    @Query('employee_id') employeeId?: string,
    @Query('component_id') componentId?: string,
  ) {
    return this.settings.assignments({
      employee_id: optionalId(employeeId, 'employee_id'),
      component_id: optionalId(componentId, 'component_id'),
    });
  }

  @Post('employee-components')
  @RequireModule('payroll', 'edit')
  @ApiOperation({ summary: "Assign a component to an employee, optionally with the employee's own amount or percentage" })
  @ApiEnvelope(AssignmentResponseDto, { status: 201 })
  @ApiNotFoundResponse({ description: "Employee or salary component not in the caller's company" })
  @ApiConflictResponse({ description: 'This component is already assigned to this employee' })
  @ApiForbiddenResponse({ description: "The caller's own employee record: nobody changes their own pay" })
  async assign(@StaffAccess() access: PayrollAccess, @Body() dto: CreateAssignmentDto) {
    return ok(await this.settings.assign(access.companyId, dto, access.employeeId), 'Component assigned successfully');
  }

  @Put('employee-components/:id')
  @RequireModule('payroll', 'edit')
  @ApiOperation({ summary: "Change an assignment's amount or percentage (null: the component's own)" })
  @ApiEnvelope(AssignmentResponseDto)
  @ApiNotFoundResponse({ description: 'Assignment not found' })
  @ApiForbiddenResponse({ description: "The caller's own employee record: nobody changes their own pay" })
  async updateAssignment(
    @StaffAccess() access: PayrollAccess,
    @Param('id', ParseIntPipe) id: number,
    @Body() dto: UpdateAssignmentDto,
  ) {
    return ok(await this.settings.updateAssignment(id, dto, access.employeeId), 'Assignment updated successfully');
  }

  @Delete('employee-components/:id')
  @HttpCode(200)
  @RequireModule('payroll', 'edit')
  @ApiOperation({ summary: 'Remove a component from an employee' })
  @ApiEnvelope(null)
  @ApiNotFoundResponse({ description: 'Assignment not found' })
  @ApiForbiddenResponse({ description: "The caller's own employee record: nobody changes their own pay" })
  async unassign(@StaffAccess() access: PayrollAccess, @Param('id', ParseIntPipe) id: number) {
    await this.settings.unassign(id, access.employeeId);
    return ok(null, 'Assignment removed successfully');
  }

  @Get('tax-brackets')
  @RequireModule('payroll', 'view')
  @ApiOperation({ summary: 'The progressive tax table on monthly taxable income, lowest band first' })
  @ApiEnvelope(TaxBracketResponseDto, { isArray: true })
  taxBrackets(@StaffAccess() _access: PayrollAccess) {
    return this.settings.taxBrackets();
  }

  @Put('tax-brackets')
  @RequireModule('payroll', 'edit')
  @ApiOperation({
    summary: 'Replace the tax table',
    description: 'Bands start at 0, each starts where the previous ends, only the last has no upper_bound; an empty list means no tax.',
  })
  @ApiEnvelope(TaxBracketResponseDto, { isArray: true })
  @ApiBadRequestResponse({ description: 'The bands are not contiguous, or a value is invalid; errors name the band' })
  async replaceTaxBrackets(@StaffAccess() access: PayrollAccess, @Body() dto: ReplaceTaxBracketsDto) {
    return ok(await this.settings.replaceTaxBrackets(access.companyId, dto), 'Tax table saved successfully');
  }
}
