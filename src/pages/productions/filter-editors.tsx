import { MenuItem, TextField } from '@mui/material';
import { useOne } from '@refinedev/core';
import type { Project } from '../../../resources/project';
import type { FieldEditor } from '../../engine/FilterBar';
import { ProjectPicker } from './production-pickers';

/** The filter bar's project: picked by searching the projects, named on its chip. */
export const PROJECT_EDITOR: FieldEditor = {
  Input: ({ field, value, onChange }) => (
    <ProjectPicker size="small" label={field.label} value={value ? Number(value) : null} onChange={(p) => onChange(p ? String(p.id) : '')} />
  ),
  Label: ({ value }) => {
    const { result } = useOne<Project>({ resource: 'projects', id: value, meta: { path: '/projects', quiet: true }, errorNotification: false });
    return <>{result?.projectName ?? `Project ${value}`}</>;
  },
};

/** The filter bar's crew among the crews a list offers (a production's or a task's), named on its chip. */
export function crewEditor(useCrews: () => ReadonlyArray<{ id: number; name: string }>): FieldEditor {
  return {
    Input: ({ field, value, onChange }) => {
      const crews = useCrews();
      return (
        <TextField select size="small" label={field.label} value={value} onChange={(e) => onChange(e.target.value)}>
          {crews.map((c) => (
            <MenuItem key={c.id} value={String(c.id)}>
              {c.name}
            </MenuItem>
          ))}
          {/* A saved view's crew that is gone stays chosen. */}
          {value && !crews.some((c) => String(c.id) === value) && <MenuItem value={value}>Crew {value}</MenuItem>}
        </TextField>
      );
    },
    Label: ({ value }) => <>{useCrews().find((c) => String(c.id) === value)?.name ?? `Crew ${value}`}</>,
  };
}
