/**
 * The type of a ticket attachment read from its bytes (spec §5: jpg, png, gif, pdf, doc, txt, zip;
 * webp kept for the work-order images). The content decides; the name must agree with it (a program
 * renamed to .pdf, or a script named .jpg, is refused), images among themselves excepted: a JPEG
 * saved as .png is still shown as the JPEG it is. The name also tells a .docx from a plain zip.
 */
export const ATTACHMENT_KINDS = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'application/pdf': ['.pdf'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'text/plain': ['.txt'],
  'application/zip': ['.zip'],
} as const;

export type AttachmentType = keyof typeof ATTACHMENT_KINDS;

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * Plain text: UTF-8 (a BOM allowed) without control characters other than tab, line breaks and
 * form feed. `complete` false: the bytes are the first part of a longer file, so a character cut
 * at the end is not an error.
 */
function isPlainText(bytes: Uint8Array, complete: boolean): boolean {
  if (bytes.length === 0) return false;
  for (const b of bytes) {
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return false;
    if (b === 0x7f) return false;
  }
  try {
    // streaming: an incomplete character at the end waits for more bytes instead of failing
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: !complete });
    return true;
  } catch {
    return false;
  }
}

/**
 * What the file is, by content, when its name agrees; null when it is none of the allowed kinds or
 * its name says otherwise. `bytes` may be the first part only (the browser checks the first 64 KB on
 * pick, `complete` false); the server passes the whole file.
 */
export function sniffAttachmentType(bytes: Uint8Array, name: string, complete = true): AttachmentType | null {
  const type = contentTypeOf(bytes, name, complete);
  if (!type) return null;
  const lower = name.toLowerCase();
  const allowedNames: readonly string[] = isAttachmentImage(type)
    ? Object.entries(ATTACHMENT_KINDS).flatMap(([t, exts]) => (isAttachmentImage(t) ? exts : []))
    : ATTACHMENT_KINDS[type];
  return allowedNames.some((ext) => lower.endsWith(ext)) ? type : null;
}

function contentTypeOf(bytes: Uint8Array, name: string, complete = true): AttachmentType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  // OLE compound file: Word 97–2003 documents.
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'application/msword';
  // A zip archive (a local file header, or the end record of an empty archive).
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    return name.toLowerCase().endsWith('.docx')
      ? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
      : 'application/zip';
  }
  return isPlainText(bytes, complete) ? 'text/plain' : null;
}

/** Whether the type is an image the screens show as a picture (the rest are downloaded). */
export const isAttachmentImage = (contentType: string) => contentType.startsWith('image/');
