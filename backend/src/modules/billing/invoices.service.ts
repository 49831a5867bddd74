import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../common/auth/auth-context';
import type { ListQuery } from '../../common/http/list-query';
import type { InvoiceDetailDto, InvoiceResponseDto, RecordPaymentDto, RevenueDto } from './dto/billing.dto';

export const INVOICE_LIST = {
  sortable: ['id', 'invoice_number', 'issue_date', 'due_date', 'total', 'status', 'company_name'],
  filterable: ['status', 'overdue', 'company_id', 'q'],
  defaultSort: ['issue_date', 'DESC'] as ['issue_date', 'DESC'],
};

export interface Actor {
  ctx: AuthContext;
  ip?: string;
  path?: string;
}

export interface Buyer {
  company_name: string;
  company_code: string;
  email: string | null;
  address: string | null;
  phone: string | null;
}

@Injectable()
export class InvoicesService {
  constructor(private readonly em: EntityManager) {}

  list(_ctx: AuthContext, _q: ListQuery): Promise<[InvoiceResponseDto[], number]> {
    throw new Error('todo');
  }
  get(_ctx: AuthContext, _id: number): Promise<InvoiceDetailDto> {
    throw new Error('todo');
  }
  buyerOf(_companyId: number): Promise<Buyer> {
    throw new Error('todo');
  }
  recordPayment(_a: Actor, _id: number, _dto: RecordPaymentDto): Promise<InvoiceDetailDto> {
    throw new Error('todo');
  }
  void(_a: Actor, _id: number, _reason: string): Promise<InvoiceDetailDto> {
    throw new Error('todo');
  }
  revenue(): Promise<RevenueDto> {
    throw new Error('todo');
  }
}
