import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthedRequest } from '../../common/auth/access.guard';
import type { RecordScope } from '../../common/auth/auth-context';
import { recordScope } from '../../common/auth/record-scope';

/**
 * Whose tasks the request shows, by their assignee: recordScope of monitoring view (the route
 * must carry @RequireModule, which sets the request's permissions).
 */
export const TaskScope = createParamDecorator((_: unknown, context: ExecutionContext): RecordScope => {
  const req = context.switchToHttp().getRequest<AuthedRequest>();
  return recordScope(req.auth!, req.permissions, 'monitoring', 'view');
});
