import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import vm from 'node:vm';
import { buildSync } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { mapStackFrames } from './stackMap';

const kept = Error.prepareStackTrace;
afterEach(() => {
  Error.prepareStackTrace = kept;
});

describe('stack frames of the bundle run through vm.Script', () => {
  it('name the source line with --enable-source-maps, and leave every other frame as it was', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mutirao-stack-'));
    try {
      writeFileSync(join(dir, 'boom.ts'), "export function boom(): never {\n  throw new Error('boom');\n}\n");
      writeFileSync(join(dir, 'entry.ts'), "import { boom } from './boom';\n\nboom();\n");
      const file = join(dir, 'server.cjs');
      buildSync({ entryPoints: [join(dir, 'entry.ts')], outfile: file, bundle: true, format: 'cjs', sourcemap: true });
      mapStackFrames(file, `${file}.map`);
      const script = new vm.Script(`(function () {${readFileSync(file, 'utf8')}\n})`, { filename: file });
      let stack = '';
      try {
        script.runInThisContext()();
      } catch (error) {
        stack = (error as Error).stack ?? '';
      }
      const lines = stack.split('\n');
      expect(lines[0]).toBe('Error: boom');
      expect(lines[1]).toBe(`    at boom (${join(dir, 'boom.ts')}:2:9)`);
      expect(lines[2]).toContain(`${join(dir, 'entry.ts')}:3:1`);
      // This test's own frame is not in the bundle: as V8 wrote it.
      expect(stack).toContain('stackMap.test.ts');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
