import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAuthErrors, Roles } from '../../common/auth/decorators';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { PlatformDashboardDto } from './platform-dashboard.dto';
import { PlatformDashboardService } from './platform-dashboard.service';

@ApiTags('dashboard')
@ApiAuthErrors()
@Controller('dashboard/platform')
export class PlatformDashboardController {
  constructor(private readonly dashboard: PlatformDashboardService) {}

  @Get()
  @Roles('superadmin')
  @ApiOperation({ summary: 'Platform dashboard: Total Companies, Active Clients, Total Users, MRR' })
  @ApiEnvelope(PlatformDashboardDto)
  summary(): Promise<PlatformDashboardDto> {
    return this.dashboard.summary();
  }
}
