import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAuthErrors, Roles } from '../../common/auth/decorators';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { AnalyticsDto, AnalyticsQueryDto } from './dto/analytics.dto';
import { AnalyticsService } from './analytics.service';

@ApiTags('analytics')
@ApiAuthErrors()
@Controller('analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Get()
  @Roles('superadmin')
  @ApiOperation({
    summary:
      'Platform analytics: companies, trials and conversions, churn and MRR with its movement per month; active users per day and week; module usage per package; companies at risk',
  })
  @ApiEnvelope(AnalyticsDto)
  @ApiBadRequestResponse({ description: 'months is not a whole number from 1 to 36' })
  overview(@Query() query: AnalyticsQueryDto): Promise<AnalyticsDto> {
    return this.analytics.overview(query.months);
  }
}
