import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every .tsx of the app but tests. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === '__tests__' || name === 'gql' ? [] : sources(full);
    return full.endsWith('.tsx') ? [full] : [];
  });
}

// A button inside a link is two Tab stops for one action (and not valid HTML): a link that looks
// like a button is components/ButtonLink.
describe('controls inside controls', () => {
  const root = path.resolve(__dirname, '../..');
  it('puts no button inside a link', () => {
    const nested = sources(root).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return [...text.matchAll(/<(Link|a)\b(?:[^<>]|=>)*>\s*<(Button|button)\b/g)].map((m) => `${path.relative(root, file)}: <${m[1]}><${m[2]}>`);
    });
    expect(nested).toEqual([]);
  });

  it('the check sees one', () => {
    expect(/<(Link|a)\b(?:[^<>]|=>)*>\s*<(Button|button)\b/.test('<Link to={paths.cart}><Button type="primary">Go</Button></Link>')).toBe(true);
  });
});
