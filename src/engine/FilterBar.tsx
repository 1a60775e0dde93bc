import Add from '@mui/icons-material/Add';
import { Box, Button, Chip, MenuItem, Popover, Stack, TextField } from '@mui/material';
import { useOne } from '@refinedev/core';
import { useEffect, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { fieldFilters, type FilterOperator, type ResourceDef, type ResourceField } from '../../resources/engine';
import { useSession } from '../session/useSession';
import { filterFields, operatorLabel, putCondition, SEARCH, type Condition } from './filter-model';
import { ReferenceInput } from './ReferenceInput';
import { resourceByName } from './registry';
import { resourceMeta } from './resource-meta';

/** A page's own editor of a field's value (its project picker, its crews), in place of the kind's default. */
export interface FieldEditor {
  Input: ComponentType<{ field: ResourceField; value: string; onChange: (value: string) => void }>;
  /** How a chip names the value (a project's name for its id). */
  Label?: ComponentType<{ value: string }>;
}

const BOOLEAN_OPTIONS = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];
const optionsOf = (field: ResourceField) => (field.kind === 'boolean' ? BOOLEAN_OPTIONS : field.options);

/** A referenced row's name, read from its resource; its id until then or when it cannot be read. */
function ReferenceLabel({ field, value }: { field: ResourceField; value: string }) {
  const target = resourceByName(field.reference!.resource);
  const { activeMembership } = useSession();
  const { result } = useOne({ resource: target.name, id: value, meta: { ...resourceMeta(target, activeMembership?.companyId), quiet: true }, errorNotification: false });
  const name = result?.[field.reference!.labelField];
  return <>{name ? String(name) : `#${value}`}</>;
}

function ValueText({ field, value, editor }: { field: ResourceField; value: string; editor?: FieldEditor }) {
  if (editor?.Label) return <editor.Label value={value} />;
  if (field.kind === 'reference' && field.reference) return <ReferenceLabel field={field} value={value} />;
  return <>{optionsOf(field)?.find((o) => o.value === value)?.label ?? value}</>;
}

/** The value's editor for the field's kind: text, a number, a day, one of its options, a referenced row. */
function ValueInput({ field, op, value, onChange, editor }: { field: ResourceField; op: FilterOperator; value: string; onChange: (v: string) => void; editor?: FieldEditor }) {
  if (editor) return <editor.Input field={field} value={value} onChange={onChange} />;
  const options = optionsOf(field);
  if (options) {
    return (
      <TextField select size="small" label="Value" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  if (field.kind === 'reference' && field.reference) {
    return <ReferenceInput field={field} value={value ? Number(value) : null} onChange={(v) => onChange(v === null ? '' : String(v))} />;
  }
  const type = field.kind === 'integer' || field.kind === 'decimal' ? 'number' : field.kind === 'date' || field.kind === 'datetime' ? 'date' : 'text';
  return (
    <TextField
      size="small"
      label="Value"
      type={type}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      helperText={op === 'matches' ? '* stands for any characters, ? for one' : undefined}
      slotProps={type === 'date' ? { inputLabel: { shrink: true } } : undefined}
    />
  );
}

/** Picks a column, one of its operators and a value; Apply hands the condition back. */
function ConditionForm({
  fields,
  editors,
  initial,
  onApply,
  onCancel,
}: {
  fields: ResourceField[];
  editors: Record<string, FieldEditor>;
  initial: Condition | null;
  onApply: (c: Condition) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial?.field ?? fields[0]!.name);
  const field = fields.find((f) => f.name === name) ?? fields[0]!;
  const operators = fieldFilters(field);
  const [op, setOp] = useState<FilterOperator>(initial?.op ?? operators[0]!);
  const [value, setValue] = useState(initial?.value ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (value.trim()) onApply({ field: field.name, op, value: value.trim() });
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ p: 2, width: 'min(360px, calc(100vw - 32px))' }} aria-label={initial ? 'Edit filter' : 'Add filter'}>
      <Stack spacing={2}>
        <TextField
          select
          size="small"
          label="Column"
          value={field.name}
          autoFocus
          onChange={(e) => {
            const next = fields.find((f) => f.name === e.target.value)!;
            setName(next.name);
            setOp(fieldFilters(next)[0]!);
            setValue('');
          }}
        >
          {fields.map((f) => (
            <MenuItem key={f.name} value={f.name}>
              {f.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label="Operator" value={op} onChange={(e) => setOp(e.target.value as FilterOperator)}>
          {operators.map((o) => (
            <MenuItem key={o} value={o}>
              {operatorLabel(field, o)}
            </MenuItem>
          ))}
        </TextField>
        {/* A new field starts a new editor: a picker keeps no other field's choice. */}
        <ValueInput key={field.name} field={field} op={op} value={value} onChange={setValue} editor={editors[field.name]} />
        <Stack direction="row" spacing={1} justifyContent="flex-end">
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!value.trim()}>
            Apply
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/** Text in any of the list's text fields, sent once typing pauses. */
function SearchBox({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const send = useRef(onChange);
  send.current = onChange;
  useEffect(() => {
    // Another change of the conditions (Clear all, back) shows here.
    if (value !== sent.current) setText((sent.current = value));
  }, [value]);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (text.trim() === sent.current) return;
      sent.current = text.trim();
      send.current(sent.current);
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);
  return <TextField size="small" label="Search" type="search" value={text} onChange={(e) => setText(e.target.value)} sx={{ minWidth: 180, flex: { xs: '1 1 100%', sm: '0 1 220px' } }} />;
}

/**
 * The one filter bar of every grid: conditions on several columns, ANDed, each shown as a chip (click
 * to edit, × or Delete to remove), added from the column's declared operators; Clear all empties it.
 */
export function FilterBar({
  def,
  value,
  onChange,
  editors = {},
  search = false,
  exclude,
}: {
  def: ResourceDef;
  value: readonly Condition[];
  onChange: (next: Condition[]) => void;
  editors?: Record<string, FieldEditor>;
  /** Offer a search of every text field (`q`). */
  search?: boolean;
  /** Fields the page filters otherwise (the board's status columns). */
  exclude?: readonly string[];
}) {
  const fields = filterFields(def, exclude);
  const [editing, setEditing] = useState<{ anchor: HTMLElement; condition: Condition | null } | null>(null);
  const searched = value.find((c) => c.field === SEARCH)?.value ?? '';
  const shown = value.filter((c) => c.field !== SEARCH && fields.some((f) => f.name === c.field));
  const setSearch = (text: string) => onChange(text ? putCondition(value, { field: SEARCH, op: 'contains', value: text }) : value.filter((c) => c.field !== SEARCH));
  if (!fields.length && !search) return null;
  return (
    <Stack direction="row" role="search" aria-label={`Filter ${def.label.toLowerCase()}`} spacing={1} useFlexGap flexWrap="wrap" alignItems="center">
      {search && <SearchBox value={searched} onChange={setSearch} />}
      {shown.map((c) => {
        const field = fields.find((f) => f.name === c.field)!;
        return (
          <Chip
            key={`${c.field}:${c.op}`}
            label={
              <>
                {field.label} {operatorLabel(field, c.op)} <ValueText field={field} value={c.value} editor={editors[field.name]} />
              </>
            }
            onClick={(e) => setEditing({ anchor: e.currentTarget, condition: c })}
            onDelete={() => onChange(value.filter((o) => o !== c))}
            sx={{ maxWidth: '100%' }}
          />
        );
      })}
      {fields.length > 0 && (
        <Button size="small" startIcon={<Add />} onClick={(e) => setEditing({ anchor: e.currentTarget, condition: null })}>
          Add filter
        </Button>
      )}
      {value.length > 0 && (
        <Button size="small" onClick={() => onChange([])}>
          Clear all
        </Button>
      )}
      <Popover
        open={!!editing}
        anchorEl={editing?.anchor}
        onClose={() => setEditing(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { maxWidth: 'calc(100vw - 16px)' } } }}
      >
        {editing && (
          <ConditionForm
            fields={fields}
            editors={editors}
            initial={editing.condition}
            onCancel={() => setEditing(null)}
            onApply={(c) => {
              onChange(putCondition(value, c, editing.condition ?? undefined));
              setEditing(null);
            }}
          />
        )}
      </Popover>
    </Stack>
  );
}
