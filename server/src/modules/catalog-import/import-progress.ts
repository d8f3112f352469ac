/**
 * Progress of the media step. On a terminal: one line redrawn in place with a bar over all the
 * media; elsewhere (logs, CI, pipes): plain lines, one per asset and per finished rendition.
 */
export type ImportProgress = {
  /** Starting asset `index` (1-based) of `total`, which will produce these renditions. */
  asset(index: number, total: number, name: string, renditions: string[]): void;
  unchanged(index: number, total: number, name: string): void;
  /** `step` is a rendition label or 'poster'. */
  step(step: string, percent: number): void;
  finish(summary: string): void;
};

export const silentProgress: ImportProgress = { asset() {}, unchanged() {}, step() {}, finish() {} };

const BAR_WIDTH = 24;

export function progressBar(out: NodeJS.WriteStream = process.stdout): ImportProgress {
  const live = Boolean(out.isTTY);
  let current = { index: 0, total: 0, name: '', renditions: [] as string[] };
  let lastDrawn = '';

  const draw = (step: string, percent: number) => {
    const done = current.renditions.indexOf(step);
    const withinAsset = done < 0 ? 1 : (done + percent / 100) / current.renditions.length;
    const overall = (current.index - 1 + withinAsset) / current.total;
    const filled = Math.round(overall * BAR_WIDTH);
    const status = step === 'poster' || step === 'unchanged' ? step : `${step} ${percent}%`;
    const line = `Media [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${current.index}/${current.total} ${current.name} ${status}`;
    if (line === lastDrawn) return;
    lastDrawn = line;
    out.write(`\r\x1b[2K${line.slice(0, (out.columns || 120) - 1)}`);
  };

  return {
    asset(index, total, name, renditions) {
      current = { index, total, name, renditions };
      if (live) draw(renditions[0] ?? '', 0);
      else out.write(`Media ${index}/${total} ${name}: transcoding to ${renditions.join(', ')}\n`);
    },
    unchanged(index, total, name) {
      current = { index, total, name, renditions: [] };
      if (live) draw('unchanged', 100);
      else out.write(`Media ${index}/${total} ${name}: unchanged, skipped\n`);
    },
    step(step, percent) {
      if (live) draw(step, percent);
      else if (percent === 100 && step !== 'poster') out.write(`  ${step} done\n`);
    },
    finish(summary) {
      out.write(`${live && lastDrawn ? '\r\x1b[2K' : ''}${summary}\n`);
    },
  };
}
