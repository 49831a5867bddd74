import { HttpStatus, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../../common/auth/auth-context';
import { assertStorable } from '../../common/http/body-guard';
import { ApiError, badRequest, notFound } from '../../common/http/errors';
import { Company } from '../companies/company.entity';
import { User } from '../users/user.entity';
import type { LeaveAttachmentDto } from './dto/leave-request.dto';
import { LeaveAccess } from './leave-access';
import { LeaveAttachment } from './leave-attachment.entity';

export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
const TOO_LARGE = 'The file must be at most 5 MB';
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
export class LeaveAttachmentsService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: LeaveAccess,
  ) {}

  async upload(ctx: AuthContext, req: MultipartRequest): Promise<LeaveAttachmentDto> {
    if (!req.isMultipart?.() || !req.file) throw badRequest('Send the file as multipart/form-data in the field "file"', 'file');
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
    const row = this.em.create(LeaveAttachment, {
      company: this.em.getReference(Company, ctx.companyId!),
      file_name: fileName,
      content_type: type,
      size_bytes: content.length,
      content,
      uploaded_by: this.em.getReference(User, ctx.userId),
    });
    await this.em.flush();
    return { id: row.id, file_name: row.file_name, content_type: row.content_type, size_bytes: row.size_bytes };
  }

  /** The file, for its uploader, the employee whose request it supports, and leave managers. */
  async download(ctx: AuthContext, id: number): Promise<{ file_name: string; content_type: string; content: Buffer }> {
    const row = id > 0 && id <= 2147483647 ? await this.em.findOne(LeaveAttachment, { id }, { populate: ['content'] }) : null;
    if (!row) throw notFound('Attachment');
    const own = row.uploaded_by?.id === ctx.userId || (!!ctx.employeeId && row.employee?.id === ctx.employeeId);
    if (!own && !(await this.access.isManager(ctx))) throw notFound('Attachment');
    return { file_name: row.file_name, content_type: row.content_type, content: row.content };
  }
}
