import { describe, expect, it } from 'vitest';
import { countCsvRows } from '../download';

describe('countCsvRows (the figure of the export notice)', () => {
  it('counts the data rows of the server\'s CSV: BOM, header, CRLF, a final line break', () => {
    expect(countCsvRows('\uFEFFid,name\r\n1,Napa\r\n2,Ace\r\n')).toBe(2);
  });
  it('keeps a quoted line break inside its cell', () => {
    expect(countCsvRows('id,address\r\n1,"House 1\r\nDhaka"\r\n2,"Road ""5"""\r\n')).toBe(2);
  });
  it('counts a last row without a line break, and none in a header-only file', () => {
    expect(countCsvRows('id\r\n1')).toBe(1);
    expect(countCsvRows('\uFEFFid,name\r\n')).toBe(0);
    expect(countCsvRows('')).toBe(0);
  });
});
