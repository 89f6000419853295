import { describe, expect, it } from 'vitest';
import { logoFileError } from './logo-file.ts';

const png = (size: number, name = 'logo.png', type = 'image/png') => ({ name, size, type });

describe('logo file errors (portal-and-report 5 and 8)', () => {
  it('refuses more than one file', () => {
    expect(logoFileError([png(10), png(10)])).toBe('too_many_files');
  });

  it('accepts 15,000,000 bytes and refuses one byte more', () => {
    expect(logoFileError([png(15_000_000)])).toBeNull();
    expect(logoFileError([png(15_000_001)])).toBe('file_too_large');
  });

  it('accepts png, jpg, jpeg and svg in any case', () => {
    expect(logoFileError([png(10, 'a.JPG', 'image/jpeg')])).toBeNull();
    expect(logoFileError([png(10, 'a.jpeg', 'image/jpeg')])).toBeNull();
    expect(logoFileError([png(10, 'marchio.svg', 'image/svg+xml')])).toBeNull();
    expect(logoFileError([png(10, 'marchio.svg', '')])).toBeNull();
  });

  it('refuses other extensions and other MIME types as bad_file_generic', () => {
    expect(logoFileError([png(10, 'a.gif', 'image/gif')])).toBe('bad_file_generic');
    expect(logoFileError([png(10, 'a.png', 'application/pdf')])).toBe('bad_file_generic');
    expect(logoFileError([png(10, 'png', 'image/png')])).toBe('bad_file_generic');
  });

  it('reports an oversized file of a wrong type as too large, and an empty pick as nothing', () => {
    expect(logoFileError([png(20_000_000, 'scan.pdf', 'application/pdf')])).toBe('file_too_large');
    expect(logoFileError([])).toBeNull();
  });
});
