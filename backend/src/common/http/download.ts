import type { Readable } from 'node:stream';
import { StreamableFile } from '@nestjs/common';
import { create as contentDisposition } from 'content-disposition';

/**
 * The Content-Disposition of a file the API sends (RFC 6266): the name as given in
 * `filename*=UTF-8''…` (RFC 5987) with an ASCII `filename="…"` beside it for old clients, so any
 * name (Cyrillic, emoji, quotes) makes a valid header. Control characters, slashes and backslashes
 * become `_`: a header line never breaks and a saved file never lands outside the download folder.
 */
export function attachmentDisposition(fileName: string): string {
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
  const safe = fileName.replace(/[\u0000-\u001f\u007f\\/]/g, '_').trim() || 'download';
  // the library writes a plain ASCII name as a bare token; quoted, as clients have always read it
  return contentDisposition(safe, { type: 'attachment' }).replace(/^attachment; filename=([^";]+)(?=;|$)/, 'attachment; filename="$1"');
}

/** Every file download of the API goes through here, so its header is always built the same way. */
export function fileDownload(content: Buffer | Readable, type: string, fileName: string): StreamableFile {
  const disposition = attachmentDisposition(fileName);
  return Buffer.isBuffer(content)
    ? new StreamableFile(content, { type, disposition, length: content.length })
    : new StreamableFile(content, { type, disposition });
}
