import { describe, expect, it } from 'vitest';
import { mobileTwin } from '../../../src/routing/mobile-twins';

describe("a crew leader's desktop link and its mobile twin", () => {
  it('opens the field screens on the phone client, with their query', () => {
    expect(mobileTwin('projects-list')).toBe('projects-list');
    expect(mobileTwin('/project-board/12')).toBe('project-board/12');
    expect(mobileTwin('logs?projectId=4')).toBe('logs?projectId=4');
    expect(mobileTwin('productions/create?projectId=4')).toBe('productions/create?projectId=4');
    expect(mobileTwin('damages/create')).toBe('damages/create');
    expect(mobileTwin('')).toBe('');
  });

  it("sends the desktop's production inspection, any section, to the phone's one production screen", () => {
    expect(mobileTwin('productions/inspect/31')).toBe('productions/31');
    expect(mobileTwin('productions/inspect/31/items/7')).toBe('productions/31');
  });

  it('leaves on the desktop what the phone client has no screen for, so the two never bounce a path', () => {
    for (const path of ['map', 'calendar', 'tasks?view=board', 'editor?fileId=3', 'projects/5', 'project-board/abc', 'productions/inspect/x']) {
      expect(mobileTwin(path)).toBeNull();
    }
  });
});
