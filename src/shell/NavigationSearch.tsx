import Close from '@mui/icons-material/Close';
import Search from '@mui/icons-material/Search';
import { Autocomplete, Box, IconButton, InputAdornment, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { NavIcon } from './nav-icons';
import { searchNavigation, type NavEntry } from './navigation-search';
import { useReachableNavigation } from './reachable-navigation';
import { useShellCommands } from './shell-commands';

/** The search field: suggestions only once something is typed, arrows and Enter to go, Escape to close. */
function SearchField({ autoFocus, onDone, inputRef }: { autoFocus?: boolean; onDone: () => void; inputRef: React.RefObject<HTMLInputElement | null> }) {
  const entries = useReachableNavigation();
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const showing = open && input.trim() !== '';

  const go = (entry: NavEntry | null) => {
    if (!entry) return;
    setInput('');
    setOpen(false);
    navigate(`/${entry.url}`);
    onDone();
  };
  // Escape first closes the suggestions (the Autocomplete does that), then leaves the search.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || showing) return;
    setInput('');
    onDone();
  };

  return (
    <Autocomplete<NavEntry, false, false, false>
      options={entries}
      value={null}
      inputValue={input}
      onInputChange={(_e, value, reason) => {
        if (reason === 'reset') return;
        setInput(value);
        setOpen(true);
      }}
      onChange={(_e, entry) => go(entry)}
      open={showing}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      onKeyDown={onKeyDown}
      filterOptions={(options, state) => searchNavigation(options, state.inputValue)}
      getOptionLabel={(o) => o.title}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText="No results.."
      autoHighlight
      forcePopupIcon={false}
      fullWidth
      sx={{ '& .MuiAutocomplete-clearIndicator': { display: 'none' } }}
      slotProps={{ listbox: { 'aria-label': 'Screens', sx: { maxHeight: '70vh' } } as object }}
      renderOption={({ key, ...props }, o) => (
        <Box component="li" key={key} {...props} sx={{ gap: 1.5, minHeight: 40 }}>
          <NavIcon id={o.id} />
          <Typography noWrap sx={{ flex: 1, minWidth: 0 }}>
            {o.title}
          </Typography>
          {o.group && (
            <Typography variant="caption" color="text.secondary" noWrap>
              {o.group}
            </Typography>
          )}
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          autoFocus={autoFocus}
          size="small"
          placeholder="Search screens"
          sx={{ '& .MuiOutlinedInput-root': { bgcolor: 'background.paper' } }}
          slotProps={{
            input: {
              ...params.InputProps,
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { ...params.inputProps, 'aria-label': 'Search screens', 'aria-keyshortcuts': 'Control+K /' },
          }}
        />
      )}
    />
  );
}

/**
 * The search over the screens the user can reach (spec 01 §2, §9: at most 10 suggestions, 'No
 * results..'). Wide screens keep the field in the toolbar; phones get a button that lays a
 * full-width field over the toolbar.
 */
export function NavigationSearch() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [expanded, setExpanded] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const { registerSearch } = useShellCommands();
  const bar = theme.fieldwork.toolbar;

  useEffect(() => {
    registerSearch(() => (wide ? inputRef.current?.focus() : setExpanded(true)));
    return () => registerSearch(null);
  }, [wide, registerSearch]);
  useEffect(() => {
    if (wide) setExpanded(false);
  }, [wide]);

  if (wide) {
    return (
      <Box data-tour="search" sx={{ width: { md: 220, lg: 280 }, flexShrink: 0 }}>
        <SearchField inputRef={inputRef} onDone={() => inputRef.current?.blur()} />
      </Box>
    );
  }
  return (
    <>
      <IconButton aria-label="Search screens" aria-keyshortcuts="Control+K /" onClick={() => setExpanded(true)} data-tour="search" sx={{ color: 'inherit' }}>
        <Search />
      </IconButton>
      {expanded && (
        <Box
          role="search"
          sx={{ position: 'absolute', inset: 0, zIndex: 2, display: 'flex', alignItems: 'center', gap: 1, px: 1.5, bgcolor: bar.background }}
        >
          <SearchField inputRef={inputRef} autoFocus onDone={() => setExpanded(false)} />
          <IconButton aria-label="Close search" onClick={() => setExpanded(false)} sx={{ color: bar.text }}>
            <Close />
          </IconButton>
        </Box>
      )}
    </>
  );
}
