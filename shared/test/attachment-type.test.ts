import { describe, expect, test } from 'vitest';
import { sniffAttachmentType } from '../src/attachment-type';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

describe('the type of an attachment, by content, the name agreeing', () => {
  test('each kind by its signature', () => {
    expect(sniffAttachmentType(bytes('%PDF-1.7\n'), 'a.pdf')).toBe('application/pdf');
    expect(sniffAttachmentType(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'a.doc')).toBe(
      'application/msword',
    );
    expect(sniffAttachmentType(bytes([0x50, 0x4b, 0x03, 0x04]), 'a.ZIP')).toBe('application/zip');
    expect(sniffAttachmentType(bytes([0x50, 0x4b, 0x03, 0x04]), 'a.docx')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(sniffAttachmentType(bytes('GIF89a'), 'a.gif')).toBe('image/gif');
    expect(sniffAttachmentType(bytes('GIF89a'), 'a.jpg')).toBe('image/gif');
    expect(sniffAttachmentType(new TextEncoder().encode('验证码 1234\n'), 'a.txt')).toBe('text/plain');
  });

  test('a name that disagrees with the content, and unknown content, are refused', () => {
    expect(sniffAttachmentType(bytes('%PDF-1.7\n'), 'a.zip')).toBeNull();
    expect(sniffAttachmentType(bytes('GIF89a'), 'a.pdf')).toBeNull();
    expect(sniffAttachmentType(bytes('hello'), 'a.jpg')).toBeNull();
    expect(sniffAttachmentType(bytes('MZ', [0x90, 0]), 'a.exe')).toBeNull();
    expect(sniffAttachmentType(bytes('MZ', [0x90, 0]), 'a.txt')).toBeNull();
    expect(sniffAttachmentType(new Uint8Array(), 'a.txt')).toBeNull();
  });

  test('the first part of a text file may end inside a character; a whole file may not', () => {
    const text = new TextEncoder().encode('验证码');
    const cut = text.subarray(0, text.length - 1);
    expect(sniffAttachmentType(cut, 'a.txt', false)).toBe('text/plain');
    expect(sniffAttachmentType(cut, 'a.txt', true)).toBeNull();
  });
});
