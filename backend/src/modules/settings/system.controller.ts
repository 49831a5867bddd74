import { Readable } from 'node:stream';
import { Controller, Get, HttpCode, Param, ParseIntPipe, Post, StreamableFile } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/auth/decorators';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok } from '../../common/http/envelope';
import { CompanyExportService } from './company-export.service';
import { CleanOldRecordsDto, SystemHealthDto } from './dto/system.dto';
import { RecordCleanupRegistry } from './record-cleanup.registry';
import { SystemHealthService } from './system-health.service';
import { fileDownload } from '../../common/http/download';

/**
 * The system tools work across companies, so they run in the platform context: a superadmin who
 * impersonates a company stops first (the access guard refuses every platform route then).
 */
@ApiTags('system')
@Roles('superadmin')
@Controller('system')
export class SystemController {
  constructor(
    private readonly healthService: SystemHealthService,
    private readonly cleanup: RecordCleanupRegistry,
    private readonly exporter: CompanyExportService,
  ) {}

  @Get('health')
  @ApiOperation({ summary: 'Database round trip, migrations, scheduled jobs, uptime and memory' })
  @ApiEnvelope(SystemHealthDto)
  health(): Promise<SystemHealthDto> {
    return this.healthService.health();
  }

  @Post('clean-old-records')
  @HttpCode(200)
  @ApiOperation({
    summary: "Deletes records past their retention (each company's geolocation.location_retention_days; expired sessions)",
  })
  @ApiEnvelope(CleanOldRecordsDto)
  async cleanOldRecords() {
    const results = await this.cleanup.run();
    const total = results.reduce((n, r) => n + r.affected, 0);
    const data: CleanOldRecordsDto = { results, total_affected: total, finished_at: new Date().toISOString() };
    return ok(data, `Cleaned ${total} old record${total === 1 ? '' : 's'}`);
  }

  @Get('companies/:id/export')
  @ApiOperation({ summary: "A JSON download of the company's rows across every tenant table (backup of one company)" })
  @ApiProduces('application/json')
  @ApiOkResponse({ description: 'company-<code>-export-<date>.json' })
  @ApiNotFoundResponse({ description: 'No such company' })
  async exportCompany(@Param('id', ParseIntPipe) id: number): Promise<StreamableFile> {
    const { companyCode, chunks } = await this.exporter.export(id);
    const date = new Date().toISOString().slice(0, 10);
    return fileDownload(Readable.from(chunks), 'application/json; charset=utf-8', `company-${companyCode}-export-${date}.json`);
  }
}
