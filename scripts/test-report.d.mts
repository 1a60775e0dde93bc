/** The part of vitest's JSON report that scripts/test-report.mjs reads. */
export interface VitestJsonReport {
  numPendingTests?: number;
  numTodoTests?: number;
  testResults?: { name: string; assertionResults?: { fullName: string; status: string }[] }[];
}

export function notRunProblem(project: string, result: VitestJsonReport, root?: string): string | null;
