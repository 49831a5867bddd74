import { HttpStatus, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../common/auth/auth-context';
import { ApiError } from '../../common/http/errors';
import { Employee } from '../employees/employee.entity';
import { OWN_PROFILE_FIELDS, type OwnProfileDto, type UpdateOwnProfileDto } from './dto/profile.dto';

export const NO_OWN_EMPLOYEE = 'Your account is not linked to an employee record';

/** The caller's own employee record: read it, and change only its contact details. */
@Injectable()
export class ProfileService {
  constructor(private readonly em: EntityManager) {}

  async get(ctx: AuthContext): Promise<OwnProfileDto> {
    return toProfile(await this.own(this.em, ctx));
  }

  async update(ctx: AuthContext, dto: UpdateOwnProfileDto): Promise<OwnProfileDto> {
    return this.em.transactional(async (em) => {
      const employee = await this.own(em, ctx);
      for (const field of OWN_PROFILE_FIELDS) {
        if (dto[field] !== undefined) employee[field] = dto[field];
      }
      await em.flush();
      return toProfile(employee);
    });
  }

  /** Always the caller's record (the token's employee, in the caller's company): no id is taken from the request. */
  private async own(em: EntityManager, ctx: AuthContext): Promise<Employee> {
    const employee = ctx.employeeId && ctx.companyId
      ? await em.findOne(Employee, { id: ctx.employeeId, company: ctx.companyId }, { populate: ['position', 'department'] })
      : null;
    if (!employee) throw new ApiError(HttpStatus.NOT_FOUND, NO_OWN_EMPLOYEE);
    return employee;
  }
}

const toProfile = (e: Employee): OwnProfileDto => ({
  employee_id: e.id,
  employee_code: e.employee_code,
  first_name: e.first_name,
  last_name: e.last_name,
  email: e.email,
  position_title: e.position?.position_title ?? null,
  department_name: e.department?.department_name ?? null,
  phone: e.phone ?? null,
  address: e.address ?? null,
  city: e.city ?? null,
  state: e.state ?? null,
  country: e.country ?? null,
  postal_code: e.postal_code ?? null,
  emergency_contact_name: e.emergency_contact_name ?? null,
  emergency_contact_phone: e.emergency_contact_phone ?? null,
  emergency_contact_relationship: e.emergency_contact_relationship ?? null,
});
