import { HttpStatus, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../../common/auth/auth-context';
import { assertStorable } from '../../common/http/body-guard';
import { ApiError, badRequest, notFound } from '../../common/http/errors';
import { Company } from '../companies/company.entity';
import { MeasuredJob } from '../metrics/job-metrics';
import { RecordCleanupRegistry } from '../settings/record-cleanup.registry';
import { User } from '../users/user.entity';
import type { LeaveAttachmentDto } from './dto/leave-request.dto';
import type { EffectivePermissions } from '../permissions/permissions.service';
import { LeaveAccess } from './leave-access';
import { LeaveAttachment } from './leave-attachment.entity';

export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
const TOO_LARGE = 'The file must be at most 5 MB';
/** Files a person may hold uploaded but not yet used by a leave request. */
export const MAX_UNATTACHED_FILES = 5;
/** Bytes a person may hold uploaded but not yet used by a leave request (three files of the largest size). */
export const MAX_UNATTACHED_BYTES = 15 * 1024 * 1024;
/** Uploads a person may make in an hour, used or not. */
export const MAX_UPLOADS_PER_HOUR = 20;
/** An upload no leave request uses is deleted this long after it was made. */
export const UNATTACHED_TTL_HOURS = 6;
export const REMOVE_UNATTACHED_JOB = 'remove-unattached-leave-attachments';

const TOO_MANY_FILES = `You have ${MAX_UNATTACHED_FILES} uploaded files that no leave request uses yet; use them in a request or wait, files not used within ${UNATTACHED_TTL_HOURS} hours are deleted`;
const TOO_MANY_BYTES = `Your uploaded files that no leave request uses yet would exceed ${MAX_UNATTACHED_BYTES / 1024 / 1024} MB; use them in a request or wait, files not used within ${UNATTACHED_TTL_HOURS} hours are deleted`;
const TOO_OFTEN = `You can upload at most ${MAX_UPLOADS_PER_HOUR} files an hour; try again later`;

/** Uploads of one person that no leave request uses, and their uploads of the last hour. */
const HOLDINGS = `select count(*) filter (where not exists (select 1 from leave_requests r where r.attachment_id = a.id))::int as files,
       coalesce(sum(a.size_bytes) filter (where not exists (select 1 from leave_requests r where r.attachment_id = a.id)), 0)::bigint as bytes,
       count(*) filter (where a.created_at > now() - interval '1 hour')::int as last_hour
  from leave_attachments a
 where a.uploaded_by_id = ? and a.created_at > now() - make_interval(hours => ?)`;
const WRONG_TYPE = 'The file must be a PDF, PNG or JPEG';

/** Accepted types, recognised by their first bytes (the declared type alone is not trusted). */
const SIGNATURES: { type: string; magic: number[] }[] = [
  { type: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
];

export function sniffType(content: Buffer): string | null {
  return SIGNATURES.find((s) => s.magic.every((b, i) => content[i] === b))?.type ?? null;
}

type MultipartRequest = FastifyRequest & {
  isMultipart?: () => boolean;
  file?: (opts: { limits: { fileSize: number; files: number } }) => Promise<
    { filename: string; mimetype: string; toBuffer: () => Promise<Buffer>; file: { truncated: boolean } } | undefined
  >;
};

@Injectable()
export class LeaveAttachmentsService implements OnModuleInit {
  private readonly logger = new Logger('LeaveAttachments');

  constructor(
    private readonly em: EntityManager,
    private readonly access: LeaveAccess,
    private readonly cleanup: RecordCleanupRegistry,
  ) {}

  onModuleInit(): void {
    // nightly with the other cleaners (and POST /api/system/clean-old-records), hourly below
    this.cleanup.register({ name: 'unattached leave attachments', clean: ({ em }) => this.removeUnattached(em) });
  }

  /**
   * Deletes the uploads no leave request uses, made more than UNATTACHED_TTL_HOURS ago. One
   * statement: instances running it at the same moment delete each row once (a row another one is
   * deleting is skipped).
   */
  async removeUnattached(em: EntityManager = this.em): Promise<number> {
    const rows = await em.execute<Array<{ id: number }>>(
      `delete from leave_attachments where id in (
         select a.id from leave_attachments a
          where a.created_at < now() - make_interval(hours => ?)
            and not exists (select 1 from leave_requests r where r.attachment_id = a.id)
          for update skip locked)
       returning id`,
      [UNATTACHED_TTL_HOURS],
    );
    return rows.length;
  }

  @Cron('0 15 * * * *', { name: REMOVE_UNATTACHED_JOB })
  @MeasuredJob(REMOVE_UNATTACHED_JOB)
  async hourly(): Promise<void> {
    const removed = await this.em.fork().transactional((tx) => this.removeUnattached(tx as EntityManager));
    if (removed) this.logger.log(`removed ${removed} unattached leave attachments`);
  }

  /** 429 past the hourly rate, 413 past the quota of unused uploads (counting `adding` bytes about to be stored). */
  private async assertWithinQuota(em: EntityManager, userId: number, adding: number): Promise<void> {
    const [held] = await em.execute<Array<{ files: number; bytes: string; last_hour: number }>>(HOLDINGS, [userId, UNATTACHED_TTL_HOURS]);
    if (held.last_hour >= MAX_UPLOADS_PER_HOUR) throw new ApiError(HttpStatus.TOO_MANY_REQUESTS, TOO_OFTEN, [{ field: 'file', message: TOO_OFTEN }]);
    if (held.files >= MAX_UNATTACHED_FILES) throw new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, TOO_MANY_FILES, [{ field: 'file', message: TOO_MANY_FILES }]);
    if (Number(held.bytes) + adding > MAX_UNATTACHED_BYTES) {
      throw new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, TOO_MANY_BYTES, [{ field: 'file', message: TOO_MANY_BYTES }]);
    }
  }

  async upload(ctx: AuthContext, req: MultipartRequest): Promise<LeaveAttachmentDto> {
    if (!req.isMultipart?.() || !req.file) throw badRequest('Send the file as multipart/form-data in the field "file"', 'file');
    // refused before the body is read when the person is already at their limits
    await this.assertWithinQuota(this.em, ctx.userId, 0);
    let part;
    let content: Buffer;
    try {
      part = await req.file({ limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1 } });
      if (!part) throw badRequest('Choose a file to upload', 'file');
      content = await part.toBuffer();
    } catch (e) {
      if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, TOO_LARGE, [{ field: 'file', message: TOO_LARGE }]);
      }
      if (e instanceof ApiError) throw e;
      throw badRequest(`The upload could not be read: ${(e as Error).message}`, 'file');
    }
    if (part.file.truncated || content.length > MAX_ATTACHMENT_BYTES) {
      throw new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, TOO_LARGE, [{ field: 'file', message: TOO_LARGE }]);
    }
    if (content.length === 0) throw badRequest('The file is empty', 'file');
    const type = sniffType(content);
    if (!type) throw new ApiError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, WRONG_TYPE, [{ field: 'file', message: WRONG_TYPE }]);

    assertStorable(part.filename, 'file', 'The file name');
    const fileName = (part.filename || 'attachment').replace(/[\\/\r\n"]/g, '_').slice(0, 255);
    const row = await this.em.transactional(async (tx) => {
      // one upload of a person at a time past this point, so two at once cannot both pass the quota
      await tx.execute(`select pg_advisory_xact_lock(hashtext('leave_attachments'), ?)`, [ctx.userId]);
      await this.assertWithinQuota(tx, ctx.userId, content.length);
      const created = tx.create(LeaveAttachment, {
        company: tx.getReference(Company, ctx.companyId!),
        file_name: fileName,
        content_type: type,
        size_bytes: content.length,
        content,
        uploaded_by: tx.getReference(User, ctx.userId),
      });
      await tx.flush();
      return created;
    });
    return { id: row.id, file_name: row.file_name, content_type: row.content_type, size_bytes: row.size_bytes };
  }

  /**
   * The file, for its uploader and for whoever sees the leave of its employee (leave view's scope:
   * the employee, their line manager, leave managers); a file no request uses yet, for its uploader
   * and for those who see the company's leave.
   */
  async download(ctx: AuthContext, id: number, rights?: EffectivePermissions): Promise<{ file_name: string; content_type: string; content: Buffer }> {
    const row = id > 0 && id <= 2147483647 ? await this.em.findOne(LeaveAttachment, { id }, { populate: ['content'] }) : null;
    if (!row) throw notFound('Attachment');
    if (row.uploaded_by?.id !== ctx.userId && !(await this.sees(ctx, row, rights))) throw notFound('Attachment');
    return { file_name: row.file_name, content_type: row.content_type, content: row.content };
  }

  private async sees(ctx: AuthContext, row: LeaveAttachment, rights: EffectivePermissions | undefined): Promise<boolean> {
    const scope = await this.access.scope(ctx, 'view', rights);
    if (scope === 'company') return true;
    return !!row.employee && this.access.covers(ctx, scope, row.employee.id);
  }
}
