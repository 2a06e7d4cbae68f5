import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/**
 * Every word a user reads goes through i18n (the dictionaries test then checks it exists in English and
 * Bangla). This walks every .tsx under src with the TypeScript compiler and reports text in JSX that
 * does not: JSX text children ({'…'} included, and both sides of a ternary or ||), and the props that
 * are shown, in JSX (title="…") and in the option, column and rule objects handed to antd
 * ({ label: '…' }, { title: '…' }, { message: '…' }).
 */
const SHOWN_PROPS = new Set([
  'title', 'placeholder', 'alt', 'aria-label', 'aria-description', 'aria-valuetext', 'label', 'description', 'message',
  'okText', 'cancelText', 'tooltip', 'extra', 'help', 'content', 'addonBefore', 'addonAfter', 'emptyText', 'subTitle', 'text',
]);

/**
 * What may stay literal, and why. Words: brand and provider names, written the same on a Bangla page
 * (as on the providers' own Bangla apps) and the council's acronym on a prescription. Patterns: example
 * formats shown as hints (a phone's shape, a BMDC number, a meeting link), which are data, not words.
 */
const ALLOWED_WORDS = ['Nirog', 'bKash', 'Bkash', 'Nagad', 'BMDC'];
const ALLOWED_PATTERNS = [/^01X+$/, /^[A-Z]-\d+$/, /^https?:\/\/\S+$/];

export interface Literal {
  file: string;
  line: number;
  where: string;
  text: string;
}

function needsTranslation(text: string): boolean {
  const trimmed = text.trim();
  if (ALLOWED_PATTERNS.some((p) => p.test(trimmed))) return false;
  const rest = ALLOWED_WORDS.reduce((s, w) => s.replace(new RegExp(`\\b${w}\\b`, 'g'), ''), trimmed);
  return /\p{L}/u.test(rest);
}

/** The literals in one source text that a user would read untranslated. */
export function findLiterals(file: string, source: string): Literal[] {
  const src = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Literal[] = [];
  const report = (node: ts.Node, where: string, text: string) => {
    if (needsTranslation(text)) found.push({ file, line: src.getLineAndCharacterOfPosition(node.getStart(src)).line + 1, where, text: text.trim() });
  };
  // A string that ends up shown: the literal itself, or what a ternary, ||, ?? or + can give.
  const shown = (e: ts.Expression | undefined, where: string): void => {
    if (!e) return;
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) report(e, where, e.text);
    else if (ts.isTemplateExpression(e)) report(e, where, [e.head.text, ...e.templateSpans.map((s) => s.literal.text)].join(' '));
    else if (ts.isParenthesizedExpression(e)) shown(e.expression, where);
    else if (ts.isConditionalExpression(e)) {
      shown(e.whenTrue, where);
      shown(e.whenFalse, where);
    } else if (ts.isBinaryExpression(e) && [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.PlusToken].includes(e.operatorToken.kind)) {
      shown(e.left, where);
      shown(e.right, where);
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) report(node, 'text', node.text);
    else if (ts.isJsxExpression(node) && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) shown(node.expression, 'text');
    else if (ts.isJsxAttribute(node) && SHOWN_PROPS.has(node.name.getText(src))) {
      const init = node.initializer;
      if (init && ts.isStringLiteral(init)) report(init, node.name.getText(src), init.text);
      else if (init && ts.isJsxExpression(init)) shown(init.expression, node.name.getText(src));
    } else if (
      ts.isPropertyAssignment(node) &&
      SHOWN_PROPS.has(node.name.getText(src).replace(/['"]/g, '')) &&
      // options, columns, items and rules are objects in a list or handed to a call (Modal.confirm({ title }));
      // initialValues and the like are values, not text
      (ts.isArrayLiteralExpression(node.parent.parent) || ts.isCallExpression(node.parent.parent))
    ) shown(node.initializer, node.name.getText(src));
    ts.forEachChild(node, visit);
  };
  visit(src);
  return found;
}

/**
 * Forms that leave validation to the browser show its own tooltips, in the browser's language ("Please
 * include an '@'", "Value must be … or later"). Every <Form> and <form> is noValidate: our rules speak.
 */
export function findValidatingForms(file: string, source: string): Literal[] {
  const src = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Literal[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) && ['Form', 'form'].includes(node.tagName.getText(src))) {
      const off = node.attributes.properties.some((p) => ts.isJsxAttribute(p) && p.name.getText(src) === 'noValidate');
      if (!off) found.push({ file, line: src.getLineAndCharacterOfPosition(node.getStart(src)).line + 1, where: 'form', text: node.tagName.getText(src) });
    }
    ts.forEachChild(node, visit);
  };
  visit(src);
  return found;
}

const SRC = resolve(__dirname, '../..');

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== '__tests__' && name !== 'test' && name !== 'gql') sources(path, out);
    } else if (name.endsWith('.tsx')) out.push(path);
  }
  return out;
}

describe('text in JSX goes through i18n', () => {
  it('finds literal text in a piece of JSX (the check can fail)', () => {
    const code = `
      export function Hello({ on }: { on: boolean }) {
        return (
          <section title="Greeting">
            <p>Hello</p>
            <p>{'Welcome back'}</p>
            <img src="/a.png" alt="A doctor" />
            <Select options={[{ value: 'a', label: 'Medical' }]} />
            <span>{on ? 'On' : t('off')}</span>
            <Form.Item rules={[{ required: true, message: 'Enter your name' }]} />
          </section>
        );
      }`;
    expect(findLiterals('Hello.tsx', code).map((l) => `${l.line} ${l.where}: ${l.text}`)).toEqual([
      '4 title: Greeting',
      '5 text: Hello',
      '6 text: Welcome back',
      '7 alt: A doctor',
      '8 label: Medical',
      '9 text: On',
      '10 message: Enter your name',
    ]);
  });

  it('lets translated text, names, symbols and example formats pass', () => {
    const code = `
      export function Fine({ d }: { d: { name: string } }) {
        return (
          <div title={t('greeting')} className="card">
            <h1>{t('title')}</h1> · <span>৳ {d.name}</span> — ({d.name}) 12 / 3
            <title>{\`\${d.name} · Nirog\`}</title>
            <Select options={[{ value: 'Bkash', label: 'Bkash' }]} />
            <Input placeholder="01XXXXXXXXX" />
            <Form initialValues={{ title: 'Dr' }} />
          </div>
        );
      }`;
    expect(findLiterals('Fine.tsx', code)).toEqual([]);
  });

  it('holds for every screen under src', () => {
    const files = sources(SRC);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((f) => findLiterals(relative(SRC, f), readFileSync(f, 'utf8')));
    expect(found.map((l) => `${l.file}:${l.line} ${l.where}: ${l.text}`)).toEqual([]);
  });
});

describe('the browser never validates a form', () => {
  it('finds a form without noValidate (the check can fail)', () => {
    const code = `export const A = () => <><Form layout="vertical"><Input type="email" /></Form><form noValidate /><Form noValidate /></>;`;
    expect(findValidatingForms('A.tsx', code).map((l) => `${l.line} ${l.text}`)).toEqual(['1 Form']);
  });

  it('holds for every form under src', () => {
    const found = sources(SRC).flatMap((f) => findValidatingForms(relative(SRC, f), readFileSync(f, 'utf8')));
    expect(found.map((l) => `${l.file}:${l.line} <${l.text}>`)).toEqual([]);
  });
});
