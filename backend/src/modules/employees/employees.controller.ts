import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiProduces,
  ApiProperty,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Auth, RequireModule, ScopedRecords } from '../../common/auth/decorators';
import type { AuthContext } from '../../common/auth/auth-context';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok } from '../../common/http/envelope';
import { notFound } from '../../common/http/errors';
import { OwnTransactions } from '../../common/tenancy/own-transactions';
import { ApiListQuery, ListParams, type ListQuery } from '../../common/http/list-query';
import {
  CreateEmployeeDto,
  EmployeeDetailDto,
  EmployeeResponseDto,
  ImportEmployeesDto,
  ImportResultDto,
  UpdateEmployeeDto,
} from './dto/employee.dto';
import { EMPLOYEE_LIST, EmployeesService } from './employees.service';
import { EmployeesImportService, IMPORT_RUNNING } from './employees-import.service';
import { EmployeeImportDto } from './dto/employee-import.dto';
import { Access, CREATE_COMPANY_ONLY, type EmployeeAccess, PAY_DESCRIPTION } from './employee-access';
import { fileDownload } from '../../common/http/download';
import {
  INVITATION_RATE_LIMITED,
  INVITATION_HAS_LOGIN,
  INVITATION_NONE_PENDING,
  INVITATION_TERMINATED,
  INVITATION_TTL_DAYS,
} from '../auth/invitations.service';

/** Whose employees the list, its export and one employee's answer cover. */
const VIEW_SCOPE =
  "The employees within the caller's view scope of employees: the company (company admins and holders of employees view over the company), " +
  'their department, their team (everyone who reports to them, directly or through others; not their own record, which their profile shows: ' +
  "the company's line-manager policy gives this to every manager) or their own record.";

class EmployeeDeletedDto {
  @ApiProperty() id!: number;
  @ApiProperty({
    enum: ['deleted', 'terminated'],
    description: 'deleted: removed with its login; terminated: still referenced, so kept with status terminated and its login disabled',
  })
  mode!: 'deleted' | 'terminated';
}

@ApiTags('employees')
@Controller('hr/employees')
export class EmployeesController {
  constructor(
    private readonly employees: EmployeesService,
    private readonly imports: EmployeesImportService,
  ) {}

  @Get()
  @RequireModule('employees', 'view')
  @ScopedRecords()
  @ApiOperation({
    summary: 'List employees',
    description:
      `${VIEW_SCOPE} ` +
      'filter: q (words matched case-insensitively against first name, last name, employee code and email), id, ' +
      'department_id, position_id, manager_id, employment_status, employment_type (each a value or a list), company_id. ' +
      `Pay (salary, salary_currency, payment_frequency) and sorting by salary: ${PAY_DESCRIPTION.toLowerCase()}.`,
  })
  @ApiListQuery()
  @ApiEnvelope(EmployeeResponseDto, { isArray: true })
  @ApiBadRequestResponse({ description: 'A list parameter is invalid, or sorting by salary without seeing pay' })
  list(@Access() access: EmployeeAccess, @ListParams(EMPLOYEE_LIST) q: ListQuery) {
    return this.employees.list(access, q);
  }

  @Get('export')
  @RequireModule('employees', 'view')
  @ScopedRecords()
  @ApiOperation({
    summary: 'The filtered, sorted list as a CSV file (the range is ignored)',
    description: `${VIEW_SCOPE} The pay columns (salary, salary_currency, payment_frequency): ${PAY_DESCRIPTION.toLowerCase()}.`,
  })
  @ApiListQuery()
  @ApiProduces('text/csv')
  @ApiBadRequestResponse({ description: 'A list parameter is invalid, or sorting by salary without seeing pay' })
  async export(@Access() access: EmployeeAccess, @ListParams(EMPLOYEE_LIST) q: ListQuery) {
    const csv = await this.employees.exportCsv(access, q);
    const date = new Date().toISOString().slice(0, 10);
    // the BOM lets spreadsheet programs read the file as UTF-8
    return fileDownload(Buffer.from(`\uFEFF${csv}`, 'utf8'), 'text/csv; charset=utf-8', `employees-${date}.csv`);
  }

  @Post('import')
  @RequireModule('employees', 'create')
  @ApiOperation({
    summary: 'Import employees from CSV (all rows or none)',
    description:
      'Every row is validated first; any error answers 400 with errors [{ row, field, message }] (row 1 is the header) and imports nothing. ' +
      'The file is checked off the event loop; a company runs one import at a time, whose progress GET /api/hr/employees/import tells.',
  })
  @ApiEnvelope(ImportResultDto, { status: 201 })
  @ApiBadRequestResponse({ description: 'Invalid file or rows; nothing imported' })
  @ApiUnprocessableEntityResponse({ description: 'The plan does not allow that many employees' })
  @ApiForbiddenResponse({ description: `Pay columns with values, sent by a caller who does not see pay; or "${CREATE_COMPANY_ONLY}"` })
  @ApiConflictResponse({ description: IMPORT_RUNNING })
  @OwnTransactions()
  async import(@Access() access: EmployeeAccess, @Body() dto: ImportEmployeesDto) {
    const imported = await this.imports.run(access, dto.csv, dto.send_invitations ?? false);
    return ok({ imported }, `${imported} ${imported === 1 ? 'employee' : 'employees'} imported successfully`);
  }

  @Get('import')
  @RequireModule('employees', 'create')
  @ApiOperation({ summary: "The company's latest import of employees and its progress" })
  @ApiEnvelope(EmployeeImportDto)
  @ApiNotFoundResponse({ description: 'The company has not imported employees yet' })
  async importProgress(@Auth() ctx: AuthContext) {
    const latest = await this.imports.latest(ctx.companyId!);
    if (!latest) throw notFound('Import');
    return ok(latest);
  }

  @Get(':id')
  @RequireModule('employees', 'view')
  @ScopedRecords()
  @ApiOperation({ summary: 'One employee, with their manager and direct reports', description: VIEW_SCOPE })
  @ApiEnvelope(EmployeeDetailDto)
  @ApiNotFoundResponse({ description: "Not an employee of the caller's company, or outside the caller's view scope" })
  get(@Access() access: EmployeeAccess, @Param('id', ParseIntPipe) id: number) {
    return this.employees.get(access, id);
  }

  @Post()
  @RequireModule('employees', 'create')
  @ApiOperation({
    summary: 'Create an employee (and its sign-in when enable_login, or an e-mailed invitation to choose a password when send_invitation)',
  })
  @ApiEnvelope(EmployeeDetailDto, { status: 201 })
  @ApiBadRequestResponse({ description: 'A field is invalid; errors name it' })
  @ApiNotFoundResponse({ description: "department_id, position_id or manager_id is not the caller's company's" })
  @ApiConflictResponse({
    description:
      'Employee code in use, or (enable_login) a username or email in use by an account (an unverified self-registered client account of the email is replaced). ' +
      'send_invitation does not look the address up: a clash is told to the person accepting',
  })
  @ApiUnprocessableEntityResponse({ description: 'Your plan allows at most N employees' })
  @ApiTooManyRequestsResponse({ description: INVITATION_RATE_LIMITED })
  @ApiForbiddenResponse({
    description:
      `Pay sent by a caller who does not see pay; "${CREATE_COMPANY_ONLY}"; or (not a company admin) a sign-in whose position or department grants rights the caller lacks`,
  })
  async create(@Access() access: EmployeeAccess, @Body() dto: CreateEmployeeDto) {
    return ok(await this.employees.create(access, dto), 'Employee created successfully');
  }

  @Put(':id')
  @RequireModule('employees', 'edit')
  @ApiOperation({
    summary: 'Update an employee (employee_code cannot change)',
    description: "The employee must be within the caller's edit scope of employees (the company, their department, their team or their own record)",
  })
  @ApiEnvelope(EmployeeDetailDto)
  @ApiBadRequestResponse({ description: 'A field is invalid, or employee_code differs from the current one' })
  @ApiNotFoundResponse({ description: "The employee or a referenced id is not the caller's company's, or the employee is outside the caller's view scope" })
  @ApiConflictResponse({ description: 'The new sign-in e-mail belongs to another account' })
  @ApiUnprocessableEntityResponse({ description: 'Bringing back a terminated employee would exceed the plan\'s max_employees' })
  @ApiForbiddenResponse({
    description:
      "An employee the caller sees but whose record their edit scope does not reach; changing one's own position, department, manager, dates, pay or status; changing pay without seeing it; " +
      'changing an employee\'s e-mail, with a sign-in or without (company admins only: invitations go to it; it tells the old address, ' +
      'and ends the sessions of an account that signs in with it); or (not a company admin) moving an account to a position or department with rights the caller lacks',
  })
  async update(@Access() access: EmployeeAccess, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateEmployeeDto) {
    return ok(await this.employees.update(access, id, dto), 'Employee updated successfully');
  }

  @Post(':id/invitation')
  @HttpCode(200)
  @RequireModule('employees', 'edit')
  @ApiOperation({
    summary: 'Send (or send again) the employee an invitation to choose their own password',
    description:
      `E-mails a single-use link valid ${INVITATION_TTL_DAYS} days to the employee's e-mail; a pending link sent before stops working. ` +
      'The employee response shows the invitation (invitation_status, invitation_sent_at, invitation_expires_at) and who sent it (invited_by, invited_at). ' +
      'Whether the address already has an account is not looked up: the person accepting is told.',
  })
  @ApiEnvelope(EmployeeDetailDto)
  @ApiNotFoundResponse({ description: "Not an employee of the caller's company, or outside the caller's view scope" })
  @ApiConflictResponse({
    description: `"${INVITATION_HAS_LOGIN}" or "${INVITATION_TERMINATED}"`,
  })
  @ApiTooManyRequestsResponse({ description: INVITATION_RATE_LIMITED })
  @ApiForbiddenResponse({
    description: "Outside the caller's edit scope of employees; or (not a company admin) the position or department grants rights the caller lacks",
  })
  async invite(@Access() access: EmployeeAccess, @Param('id', ParseIntPipe) id: number) {
    return ok(await this.employees.invite(access, id), 'Invitation sent');
  }

  @Delete(':id/invitation')
  @HttpCode(200)
  @RequireModule('employees', 'edit')
  @ApiOperation({ summary: "Revoke the employee's pending invitation: its link stops working" })
  @ApiEnvelope(EmployeeDetailDto)
  @ApiNotFoundResponse({ description: "Not an employee of the caller's company, or outside the caller's view scope" })
  @ApiForbiddenResponse({ description: "Outside the caller's edit scope of employees" })
  @ApiConflictResponse({ description: INVITATION_NONE_PENDING })
  async revokeInvitation(@Access() access: EmployeeAccess, @Param('id', ParseIntPipe) id: number) {
    return ok(await this.employees.revokeInvitation(access, id), 'Invitation revoked');
  }

  @Delete(':id')
  @HttpCode(200)
  @RequireModule('employees', 'delete')
  @ApiOperation({
    summary: 'Delete an employee',
    description:
      'Removes the employee and its login when nothing references it; otherwise terminates it (status terminated, login disabled, sessions ended) and keeps its history.',
  })
  @ApiEnvelope(EmployeeDeletedDto)
  @ApiNotFoundResponse({ description: "Not an employee of the caller's company, or outside the caller's view scope" })
  @ApiConflictResponse({ description: 'Already terminated and still referenced' })
  @ApiForbiddenResponse({ description: "One's own employee record, or one outside the caller's delete scope of employees" })
  async remove(@Access() access: EmployeeAccess, @Param('id', ParseIntPipe) id: number) {
    const outcome = await this.employees.remove(access, id);
    if (outcome.mode === 'deleted') return ok({ id, mode: outcome.mode }, 'Employee deleted successfully');
    const n = outcome.references;
    return ok(
      { id, mode: outcome.mode },
      `Employee terminated: ${n} ${n === 1 ? 'record still references' : 'records still reference'} this employee, so the history is kept and the login is disabled`,
    );
  }
}
