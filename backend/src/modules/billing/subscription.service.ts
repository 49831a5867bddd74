import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../../common/auth/auth-context';
import type { ChoosePlanResultDto, SubscriptionResponseDto } from '../packages/dto/package.dto';
import type { BillingCycle } from '../companies/company.entity';
import type { PlanChangePreviewDto } from './dto/billing.dto';
import type { Actor } from './invoices.service';

@Injectable()
export class SubscriptionService {
  current(_ctx: AuthContext): Promise<SubscriptionResponseDto> {
    throw new Error('todo');
  }
  preview(_ctx: AuthContext, _packageId: number, _cycle: BillingCycle): Promise<PlanChangePreviewDto> {
    throw new Error('todo');
  }
  choose(_a: Actor, _packageId: number, _cycle: BillingCycle): Promise<{ result: ChoosePlanResultDto; message: string }> {
    throw new Error('todo');
  }
  withdrawChange(_a: Actor): Promise<{ subscription: SubscriptionResponseDto; message: string }> {
    throw new Error('todo');
  }
  cancelAtPeriodEnd(_a: Actor, _cancel: boolean): Promise<{ subscription: SubscriptionResponseDto; message: string }> {
    throw new Error('todo');
  }
}
