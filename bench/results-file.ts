// bench/results.json: written by runs only, never by hand. A full `npm run bench` writes the file
// whole; `--only <scenario>` replaces its one section and marks the file partial. Either way
// `sections` names the run (commit and time) each section came from, so a reader can tell which
// numbers were measured together and on what code.

/** The run that produced a section: the commit it ran on (`dirty` when the work tree had changes), and when. */
export interface RunStamp {
  commit: string;
  runAt: string;
  dirty?: true;
}

/** The section of a full run's own figures: `results`, `seeded`, `latencyAtLightLoad`, `fileTransfer`, `alsoMeasured`, `after`. */
export const ENDPOINTS = 'endpoints';

export type ResultsFile = Record<string, unknown> & { partial: boolean; sections: Record<string, RunStamp> };

const stampOf = (value: unknown): RunStamp | null => {
  const v = value as Partial<RunStamp> | null;
  if (!v || typeof v !== 'object' || typeof v.commit !== 'string' || typeof v.runAt !== 'string') return null;
  return { commit: v.commit, runAt: v.runAt, ...(v.dirty ? { dirty: true as const } : {}) };
};

/**
 * A full run's file: `report` holds every section of this run (each stamped with `stamp`, named in
 * `sectionKeys`) besides the endpoints' figures. `before`, the baseline kept across runs until one is
 * recorded anew (`--before`), is the only part of another run, and names that run.
 */
export function wholeFile(report: Record<string, unknown>, stamp: RunStamp, sectionKeys: string[], before?: unknown): ResultsFile {
  const beforeStamp = stampOf(before);
  const sections: Record<string, RunStamp> = Object.fromEntries([ENDPOINTS, ...sectionKeys].map((k) => [k, stamp]));
  return { partial: false, sections: { ...sections, ...(beforeStamp ? { before: beforeStamp } : {}) }, ...report, ...(before ? { before } : {}) };
}

/**
 * Which run each section of an earlier file came from: its `sections`; for a file written before
 * `sections` existed, each section's own `commit` and `runAt`, and the endpoints' the run's `after`.
 */
export function sectionStamps(file: Record<string, unknown>): Record<string, RunStamp> {
  if (file.sections && typeof file.sections === 'object') return { ...(file.sections as Record<string, RunStamp>) };
  const stamps: Record<string, RunStamp> = {};
  for (const [key, value] of Object.entries(file)) {
    const stamp = key === 'after' ? null : stampOf(value);
    if (stamp) stamps[key] = stamp;
  }
  const endpoints = stampOf(file.after);
  if (endpoints) stamps[ENDPOINTS] = endpoints;
  return stamps;
}

/**
 * An `--only` run's file: the earlier file (null when there is none) with the section `key`
 * replaced by this run's. It is marked partial: its sections came from different runs, which
 * `sections` names; the top-level `ok` and `failures` remain those of the full run.
 */
export function withSection(previous: Record<string, unknown> | null, key: string, section: RunStamp & Record<string, unknown>): ResultsFile {
  const stamps = previous ? sectionStamps(previous) : {};
  return { ...(previous ?? {}), partial: true, sections: { ...stamps, [key]: stampOf(section)! }, [key]: section };
}
