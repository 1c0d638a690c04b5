import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';

/**
 * Maps the stack frames of a script run through `vm.Script` back to its sources, when Node's `--enable-source-maps`
 * is on. Node maps the frames of the modules it loads itself, but not those of a `vm.Script` (`load.ts` runs the
 * server's bundle that way for its code cache). Every other frame is left as V8 wrote it, and so are the bundle's when
 * the map cannot be read.
 */
export function mapStackFrames(file: string, mapFile: string): void {
  // Read with the first stack that needs it: 12 MB of JSON that a start need not parse.
  let map: SourceMap | null | undefined;
  const loaded = () => {
    if (map === undefined) {
      try {
        map = new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')));
      } catch {
        map = null;
      }
    }
    return map;
  };
  const at = new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:(\\d+):(\\d+)`);
  Error.prepareStackTrace = (error: Error, frames: NodeJS.CallSite[]) => {
    const lines = frames.map((frame) => {
      const text = String(frame);
      const found = at.exec(text);
      const sourceMap = found && loaded();
      if (!found || !sourceMap) return `    at ${text}`;
      const origin = sourceMap.findOrigin(Number(found[1]), Number(found[2]));
      if (!('fileName' in origin)) return `    at ${text}`;
      const place = `${mapPath(mapFile, origin.fileName)}:${origin.lineNumber}:${origin.columnNumber}`;
      return `    at ${text.replace(found[0], place)}`;
    });
    return [Error.prototype.toString.call(error), ...lines].join('\n');
  };
}

/** A source named by the map (relative to the map's folder, as esbuild writes them) as a path. */
function mapPath(mapFile: string, source: string): string {
  return new URL(source, `file://${mapFile}`).pathname;
}
