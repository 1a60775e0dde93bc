import { Autocomplete, Box, TextField } from '@mui/material';
import { useMemo } from 'react';
import { flatten, type CategoryNode } from './category-tree';
import { ColorSwatch } from './ColorSwatch';
import { useAllCategories } from './useAllCategories';

interface Props {
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
  /** Categories that may not be chosen (a category and its own subcategories, as its parent). */
  exclude?: ReadonlySet<number>;
  placeholder?: string;
  autoFocus?: boolean;
}

/** Picks a category from the whole tree: options in tree order, indented, searchable by their path. */
export function CategoryPicker({ label, value, onChange, error, exclude, placeholder, autoFocus }: Props) {
  const { tree, isLoading, isError } = useAllCategories();
  const options = useMemo(() => flatten(tree).filter((n) => !exclude?.has(n.category.id)), [tree, exclude]);
  const selected = options.find((n) => n.category.id === value) ?? null;
  return (
    <Autocomplete<CategoryNode>
      options={options}
      value={selected}
      loading={isLoading}
      getOptionLabel={(n) => n.path.join(' › ')}
      isOptionEqualToValue={(a, b) => a.category.id === b.category.id}
      onChange={(_e, n) => onChange(n ? n.category.id : null)}
      noOptionsText={isError ? 'The categories could not be loaded' : 'No categories'}
      renderOption={({ key, ...props }, n) => (
        <Box component="li" key={key} {...props} sx={{ gap: 1, pl: `${16 + n.depth * 20}px !important` }}>
          <ColorSwatch color={n.category.color} />
          {n.category.name}
        </Box>
      )}
      renderInput={(params) => (
        <TextField {...params} label={label} error={!!error} helperText={error} placeholder={placeholder} autoFocus={autoFocus} />
      )}
    />
  );
}
