import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../common/auth/decorators';
import type { AuthContext } from '../../common/auth/auth-context';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { EffectivePermissionDto, ModuleDto } from './dto/permission.dto';
import type { PermissionModule } from './permission-module.entity';
import { PermissionsService } from './permissions.service';

const toModule = (m: PermissionModule): ModuleDto => ({
  id: m.id,
  module_key: m.module_key,
  module_name: m.module_name,
  description: m.description ?? null,
});

@ApiTags('permissions')
@Controller('permissions')
export class PermissionsController {
  constructor(private readonly permissions: PermissionsService) {}

  @Get('modules')
  @ApiOperation({ summary: 'The modules permissions are granted on' })
  @ApiEnvelope(ModuleDto, { isArray: true })
  async modules(): Promise<ModuleDto[]> {
    return (await this.permissions.modules()).map(toModule);
  }

  @Get('user/permissions')
  @ApiOperation({ summary: "The caller's effective module permissions (plan ∩ role, position and department)" })
  @ApiEnvelope(EffectivePermissionDto, { isArray: true })
  async mine(@Auth() ctx: AuthContext): Promise<EffectivePermissionDto[]> {
    const [modules, effective] = await Promise.all([this.permissions.modules(), this.permissions.effective(ctx)]);
    return modules
      .filter((m) => effective.has(m.module_key as any))
      .map((m) => {
        const r = effective.get(m.module_key as any)!;
        return {
          module_id: m.id,
          module: toModule(m),
          can_view: r.view,
          can_create: r.create,
          can_edit: r.edit,
          can_delete: r.delete,
        };
      });
  }
}
