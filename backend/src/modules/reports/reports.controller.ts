import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { AuthedRequest } from '../../common/auth/access.guard';
import { ApiAuthErrors, Auth, RequireModule } from '../../common/auth/decorators';
import type { AuthContext } from '../../common/auth/auth-context';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { fileDownload } from '../../common/http/download';
import { REPORT_IDS } from './catalogue';
import { ReportExportQueryDto, ReportInfoDto, ReportQueryDto, ReportResultDto } from './dto/report.dto';
import { ReportExportService } from './export/report-export.service';
import { EXPORT_TYPES } from './export/writers';
import { ReportsService } from './reports.service';

/**
 * Company reports. The plan's reports feature and the reports module's view right let a user in;
 * each report also needs the view right of the module its figures come from, and KPI reports the
 * KPI & Bonus feature. A report covers the employees whose records of that module the caller sees
 * (recordScope): the company, their department or their team, rows and totals alike; a user who
 * sees only their own records of the module is refused the report (403), as the catalogue leaves
 * it out.
 */
@ApiTags('reports')
@ApiAuthErrors()
@RequireModule('reports', 'view')
@Controller('reports')
export class ReportsController {
  constructor(
    private readonly reports: ReportsService,
    private readonly exports: ReportExportService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The reports the caller may see, with their filters, defaults and whose records they cover' })
  @ApiEnvelope(ReportInfoDto, { isArray: true })
  catalogue(@Auth() ctx: AuthContext, @Req() req: AuthedRequest): Promise<ReportInfoDto[]> {
    return this.reports.catalogue(ctx, req.permissions!);
  }

  @Get(':report')
  @ApiOperation({ summary: "A report: its columns, rows (up to 1,000), totals and chart for the filters, of the employees within the caller's scope" })
  @ApiParam({ name: 'report', enum: REPORT_IDS, description: 'The report (see GET /api/reports)' })
  @ApiEnvelope(ReportResultDto)
  @ApiBadRequestResponse({ description: 'A filter is invalid; errors name it' })
  @ApiNotFoundResponse({ description: 'No such report' })
  async run(@Auth() ctx: AuthContext, @Req() req: AuthedRequest, @Param('report') id: string, @Query() query: ReportQueryDto): Promise<ReportResultDto> {
    const def = await this.reports.definition(ctx, req.permissions!, id);
    return this.reports.result(await this.reports.params(ctx, req.permissions!, def, query));
  }

  @Get(':report/export')
  @ApiOperation({ summary: 'A report as a CSV, XLSX or PDF file with every row and the totals' })
  @ApiParam({ name: 'report', enum: REPORT_IDS, description: 'The report (see GET /api/reports)' })
  @ApiProduces('text/csv', EXPORT_TYPES.xlsx, EXPORT_TYPES.pdf)
  @ApiBadRequestResponse({ description: 'A filter or the format is invalid; errors name it' })
  @ApiNotFoundResponse({ description: 'No such report' })
  async export(@Auth() ctx: AuthContext, @Req() req: AuthedRequest, @Param('report') id: string, @Query() query: ReportExportQueryDto) {
    const def = await this.reports.definition(ctx, req.permissions!, id);
    const { format, ...filters } = query;
    const file = await this.exports.write(await this.reports.params(ctx, req.permissions!, def, filters), format);
    return fileDownload(file.stream(), EXPORT_TYPES[format], file.name);
  }
}
