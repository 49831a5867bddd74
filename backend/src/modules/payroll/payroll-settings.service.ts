import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { badRequest, conflict, forbidden, notFound } from '../../common/http/errors';
import { findRef } from '../../common/tenancy/refs';
import { Company } from '../companies/company.entity';
import { Employee } from '../employees/employee.entity';
import { OWN_PAY } from '../employees/employee-access';
import type {
  AssignmentResponseDto,
  CreateAssignmentDto,
  CreateSalaryComponentDto,
  ReplaceTaxBracketsDto,
  SalaryComponentResponseDto,
  TaxBracketDto,
  TaxBracketResponseDto,
  UpdateAssignmentDto,
  UpdateSalaryComponentDto,
} from './dto/payroll-settings.dto';
import { EmployeeSalaryComponent } from './employee-salary-component.entity';
import { toAssignmentResponse, toBracketResponse, toComponentResponse } from './payroll.mapper';
import { SalaryComponent } from './salary-component.entity';
import { TaxBracket } from './tax-bracket.entity';

const MAX_ID = 2147483647;
const inRange = (id: number) => (id > MAX_ID ? -1 : id);

/** Salary components, their assignment to employees, and the company's tax table. */
@Injectable()
export class PayrollSettingsService {
  constructor(private readonly em: EntityManager) {}

  // ---- components ----------------------------------------------------------------------------

  async components(): Promise<SalaryComponentResponseDto[]> {
    const components = await this.em.find(SalaryComponent, {}, { orderBy: [{ component_type: 'ASC' }, { component_name: 'ASC' }] });
    const counts = await this.assignedCounts(components.map((c) => c.id));
    return components.map((c) => toComponentResponse(c, counts.get(c.id) ?? 0));
  }

  async createComponent(companyId: number, dto: CreateSalaryComponentDto): Promise<SalaryComponentResponseDto> {
    await this.assertCodeFree(dto.component_code);
    const component = this.em.create(SalaryComponent, {
      company: this.em.getReference(Company, companyId),
      component_name: dto.component_name,
      component_code: dto.component_code,
      component_type: dto.component_type,
      calculation_type: dto.calculation_type,
      amount: dto.amount ?? null,
      percentage: dto.percentage ?? null,
      is_taxable: dto.is_taxable ?? true,
      applies_to_all: dto.applies_to_all ?? false,
      is_active: dto.is_active ?? true,
      description: dto.description ?? null,
    });
    assertValue(component);
    await this.em.flush();
    return toComponentResponse(component);
  }

  async updateComponent(id: number, dto: UpdateSalaryComponentDto): Promise<SalaryComponentResponseDto> {
    const component = await this.findComponent(id);
    if (dto.component_code !== undefined && dto.component_code !== component.component_code) {
      await this.assertCodeFree(dto.component_code, component.id);
    }
    this.em.assign(component, dto);
    assertValue(component);
    await this.em.flush();
    return toComponentResponse(component, (await this.assignedCounts([component.id])).get(component.id) ?? 0);
  }

  /** Deleting a component removes its assignments; lines of past payrolls keep their amounts. */
  async removeComponent(id: number): Promise<void> {
    const component = await this.findComponent(id);
    await this.em.removeAndFlush(component);
  }

  private async findComponent(id: number): Promise<SalaryComponent> {
    const component = await this.em.findOne(SalaryComponent, { id: inRange(id) });
    if (!component) throw notFound('Salary component');
    return component;
  }

  private async assertCodeFree(code: string, exceptId = 0): Promise<void> {
    const clash = await this.em.count(SalaryComponent, { component_code: code, id: { $ne: exceptId } });
    if (clash) throw conflict('A salary component with this code already exists', 'component_code');
  }

  private async assignedCounts(ids: number[]): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const rows = await this.em.execute<Array<{ component_id: number; n: number }>>(
      `select component_id, count(*)::int as n from employee_salary_components where component_id in (?) group by component_id`,
      [ids],
    );
    return new Map(rows.map((r) => [r.component_id, r.n]));
  }

  // ---- assignments ---------------------------------------------------------------------------

  async assignments(filter: { employee_id?: number; component_id?: number }): Promise<AssignmentResponseDto[]> {
    const where: Record<string, number> = {};
    if (filter.employee_id !== undefined) where.employee = inRange(filter.employee_id);
    if (filter.component_id !== undefined) where.component = inRange(filter.component_id);
    const rows = await this.em.find(EmployeeSalaryComponent, where, {
      populate: ['employee', 'component'],
      orderBy: [{ employee: { last_name: 'ASC', first_name: 'ASC' } }, { component: { component_name: 'ASC' } }, { id: 'ASC' }],
      limit: 5000,
    });
    return rows.map(toAssignmentResponse);
  }

  /** Nobody changes their own pay (`self`: the caller's employee record, if any). */
  async assign(companyId: number, dto: CreateAssignmentDto, self: number | null): Promise<AssignmentResponseDto> {
    const employee = (await findRef(this.em, Employee, inRange(dto.employee_id), 'Employee', 'employee_id'))!;
    if (employee.id === self) throw forbidden(OWN_PAY);
    const component = (await findRef(this.em, SalaryComponent, inRange(dto.component_id), 'Salary component', 'component_id'))!;
    const existing = await this.em.count(EmployeeSalaryComponent, { employee, component });
    if (existing) throw conflict('This component is already assigned to this employee', 'component_id');
    assertOverride(component, dto);
    const assignment = this.em.create(EmployeeSalaryComponent, {
      company: this.em.getReference(Company, companyId),
      employee,
      component,
      amount: dto.amount ?? null,
      percentage: dto.percentage ?? null,
    });
    await this.em.flush();
    return toAssignmentResponse(assignment);
  }

  async updateAssignment(id: number, dto: UpdateAssignmentDto, self: number | null): Promise<AssignmentResponseDto> {
    const assignment = await this.findAssignment(id, self);
    assertOverride(assignment.component, dto);
    if (dto.amount !== undefined) assignment.amount = dto.amount;
    if (dto.percentage !== undefined) assignment.percentage = dto.percentage;
    await this.em.flush();
    return toAssignmentResponse(assignment);
  }

  async unassign(id: number, self: number | null): Promise<void> {
    await this.em.removeAndFlush(await this.findAssignment(id, self));
  }

  private async findAssignment(id: number, self: number | null): Promise<EmployeeSalaryComponent> {
    const row = await this.em.findOne(EmployeeSalaryComponent, { id: inRange(id) }, { populate: ['employee', 'component'] });
    if (!row) throw notFound('Assignment');
    if (row.employee.id === self) throw forbidden(OWN_PAY);
    return row;
  }

  // ---- tax table -----------------------------------------------------------------------------

  async taxBrackets(): Promise<TaxBracketResponseDto[]> {
    const rows = await this.em.find(TaxBracket, {}, { orderBy: { lower_bound: 'ASC' } });
    return rows.map(toBracketResponse);
  }

  /** Replaces the whole table in the request's transaction (an empty list means no income tax). */
  async replaceTaxBrackets(companyId: number, dto: ReplaceTaxBracketsDto): Promise<TaxBracketResponseDto[]> {
    assertBrackets(dto.brackets);
    await this.em.nativeDelete(TaxBracket, {});
    const company = this.em.getReference(Company, companyId);
    for (const b of dto.brackets) {
      this.em.create(TaxBracket, { company, lower_bound: b.lower_bound, upper_bound: b.upper_bound ?? null, rate: b.rate });
    }
    await this.em.flush();
    return this.taxBrackets();
  }
}

/** A fixed component needs an amount, a percentage component a percentage. */
function assertValue(c: SalaryComponent): void {
  if (c.calculation_type === 'fixed') {
    if (c.amount === null || c.amount === undefined) throw badRequest('amount is required for a fixed component', 'amount');
    c.percentage = null;
  } else {
    if (c.percentage === null || c.percentage === undefined) {
      throw badRequest('percentage is required for a percentage component', 'percentage');
    }
    c.amount = null;
  }
}

function assertOverride(component: SalaryComponent, dto: { amount?: string | null; percentage?: string | null }): void {
  if (component.calculation_type === 'fixed' && dto.percentage != null) {
    throw badRequest('This component is a fixed amount: override its amount, not a percentage', 'percentage');
  }
  if (component.calculation_type === 'percentage' && dto.amount != null) {
    throw badRequest('This component is a percentage: override its percentage, not an amount', 'amount');
  }
}

/** Bands from 0 upwards, each starting where the previous ends; only the last is open-ended. */
export function assertBrackets(brackets: TaxBracketDto[]): void {
  const cents = (v: string) => BigInt(v.replace('.', ''));
  brackets.forEach((b, i) => {
    const field = `brackets.${i}`;
    if (i === 0 && cents(b.lower_bound) !== 0n) throw badRequest('The first tax band must start at 0', `${field}.lower_bound`);
    if (i > 0) {
      const prev = brackets[i - 1];
      if (prev.upper_bound === null || prev.upper_bound === undefined || cents(prev.upper_bound) !== cents(b.lower_bound)) {
        throw badRequest('Each tax band must start where the previous one ends', `${field}.lower_bound`);
      }
    }
    const last = i === brackets.length - 1;
    if (b.upper_bound === null || b.upper_bound === undefined) {
      if (!last) throw badRequest('Only the last tax band may have no upper bound', `${field}.upper_bound`);
    } else {
      if (cents(b.upper_bound) <= cents(b.lower_bound)) {
        throw badRequest('Upper bound must be above the lower bound', `${field}.upper_bound`);
      }
      if (last) throw badRequest('The last tax band must have no upper bound', `${field}.upper_bound`);
    }
  });
}
