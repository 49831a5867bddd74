import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAuthErrors, Roles } from '../../common/auth/decorators';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { Page } from '../../common/http/envelope';
import { ApiListQuery, Filter, ListParams, type ListQuery } from '../../common/http/list-query';
import { AUDIT_ACTIONS, type AuditLog } from './audit-log.entity';
import { AuditService } from './audit.service';
import { AuditLogResponseDto } from './dto/audit-log.dto';

const LIST = {
  sortable: ['id', 'created_at'],
  filterable: ['company_id', 'user_id', 'action'],
  defaultSort: ['created_at', 'DESC'] as ['created_at', 'DESC'],
  filters: { action: Filter.oneOf(AUDIT_ACTIONS) },
};

const toResponse = (a: AuditLog): AuditLogResponseDto => ({
  id: a.id,
  created_at: a.created_at,
  user_id: a.user?.id ?? null,
  user_email: a.user_email,
  company_id: a.company?.id ?? null,
  company_name: a.company_name ?? null,
  action: a.action,
  method: a.method ?? null,
  path: a.path ?? null,
  status_code: a.status_code ?? null,
  ip: a.ip ?? null,
  request_id: a.request_id ?? null,
  details: a.details ?? null,
});

@ApiTags('audit')
@ApiAuthErrors()
@Roles('superadmin')
@Controller('audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get('logs')
  @ApiOperation({ summary: 'The audit log: impersonation start and stop, and every write made while impersonating' })
  @ApiListQuery()
  @ApiEnvelope(AuditLogResponseDto, { isArray: true })
  async list(@ListParams(LIST) q: ListQuery) {
    const [items, total] = await this.audit.list(q);
    return new Page('audit/logs', items.map(toResponse), q.offset, total);
  }
}
