import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../common/auth/auth-context';
import { conflict, notFound } from '../../common/http/errors';
import { Company } from '../companies/company.entity';
import type { CreateLeavePolicyDto, LeavePolicyResponseDto, UpdateLeavePolicyDto } from './dto/leave-policy.dto';
import { LeavePolicy } from './leave-policy.entity';
import { LeaveType } from './leave-type.entity';
import { toPolicyResponse } from './leave.mapper';

/** Wire name (hr.md 3) → column. */
const FIELDS = {
  name: 'name',
  description: 'description',
  carryOverEnabled: 'carry_over_enabled',
  maxCarryOverDays: 'max_carry_over_days',
  expiryMonths: 'expiry_months',
  proRationEnabled: 'pro_ration_enabled',
  requiresDoctorNote: 'requires_doctor_note',
  maxDaysPerYear: 'max_days_per_year',
  consecutiveDaysLimit: 'consecutive_days_limit',
  paidLeaveEnabled: 'paid_leave_enabled',
  maternityWeeks: 'maternity_weeks',
  paternityWeeks: 'paternity_weeks',
} as const satisfies Record<keyof CreateLeavePolicyDto, keyof LeavePolicy>;
const MAX_ID = 2147483647;

@Injectable()
export class LeavePoliciesService {
  constructor(private readonly em: EntityManager) {}

  async list(): Promise<LeavePolicyResponseDto[]> {
    const [policies, types] = await Promise.all([
      this.em.find(LeavePolicy, {}, { orderBy: { name: 'ASC', id: 'ASC' } }),
      this.em.find(LeaveType, { policy: { $ne: null } }, { fields: ['id', 'policy'], orderBy: { id: 'ASC' } }),
    ]);
    return policies.map((p) => toPolicyResponse(p, types.filter((t) => t.policy?.id === p.id).map((t) => t.id)));
  }

  async get(id: number): Promise<LeavePolicyResponseDto> {
    const p = await this.find(id);
    return toPolicyResponse(p, await this.typeIds(p.id));
  }

  async create(ctx: AuthContext, dto: CreateLeavePolicyDto): Promise<LeavePolicyResponseDto> {
    const p = this.em.create(LeavePolicy, { company: this.em.getReference(Company, ctx.companyId!), name: dto.name });
    this.assign(p, dto);
    await this.save(p);
    return toPolicyResponse(p, []);
  }

  async update(id: number, dto: UpdateLeavePolicyDto): Promise<LeavePolicyResponseDto> {
    const p = await this.find(id);
    this.assign(p, dto);
    await this.save(p);
    return toPolicyResponse(p, await this.typeIds(p.id));
  }

  /** The types following the policy keep their own rules (their policy_id is cleared). */
  async remove(id: number): Promise<void> {
    await this.em.remove(await this.find(id)).flush();
  }

  private assign(p: LeavePolicy, dto: UpdateLeavePolicyDto): void {
    for (const [wire, column] of Object.entries(FIELDS)) {
      const value = dto[wire as keyof UpdateLeavePolicyDto];
      if (value === undefined) continue;
      (p as unknown as Record<string, unknown>)[column] =
        column === 'max_carry_over_days' && value !== null ? Number(value).toFixed(1) : value;
    }
  }

  private async find(id: number): Promise<LeavePolicy> {
    const p = id > 0 && id <= MAX_ID ? await this.em.findOne(LeavePolicy, { id }) : null;
    if (!p) throw notFound('Leave policy');
    return p;
  }

  private async typeIds(policyId: number): Promise<number[]> {
    const types = await this.em.find(LeaveType, { policy: policyId }, { fields: ['id'], orderBy: { id: 'ASC' } });
    return types.map((t) => t.id);
  }

  private async save(p: LeavePolicy): Promise<void> {
    try {
      await this.em.persist(p).flush();
    } catch (e) {
      if (e instanceof UniqueConstraintViolationException) throw conflict(`A leave policy named ${p.name} already exists`, 'name');
      throw e;
    }
  }
}
