import { Card, CardContent, Stack, Tab, Tabs } from '@mui/material';
import { Fragment, type ReactNode } from 'react';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { keepSelectedTabInView } from './selected-tab-in-view';

/** One tab of a sectioned page; the first section is the page's default. */
export interface PageSection {
  id: string;
  label: string;
  render: () => ReactNode;
}

/** A tab label with how many entries its section lists: 'Members (3)'. */
export const withCount = (label: string, count: number) => `${label} (${count})`;

interface SectionedPageProps {
  /** Title block above the tabs. */
  header: ReactNode;
  sections: readonly PageSection[];
  /** The page's own path; each section lives at `${basePath}/${id}`. */
  basePath: string;
  /** Names the tab list for screen readers. */
  label: string;
  /** Where an unknown :sectionId goes; the page itself unless told. */
  unknownTo?: string;
  /** Sections that bring their own cards sit below a bare header instead of inside one card. */
  bare?: boolean;
  /** Switching tabs pushes history instead of replacing the entry. */
  pushHistory?: boolean;
}

/** A header, tabs for the sections at :sectionId, and the chosen section. */
export function SectionedPage({ header, sections, basePath, label, unknownTo = basePath, bare = false, pushHistory = false }: SectionedPageProps) {
  const { sectionId } = useParams();
  const current = sectionId === undefined ? sections[0] : sections.find((s) => s.id === sectionId);
  if (!current) return <Navigate to={unknownTo} replace />;

  // Links rather than click handlers, so a section can be opened in a new tab or shared.
  // Scroll buttons show on phones too; the selected tab stays in view when they appear.
  const tabs = (
    <Tabs ref={keepSelectedTabInView} value={current.id} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label={label} sx={{ px: bare ? 0 : 1, borderBottom: 1, borderColor: 'divider' }}>
      {sections.map((s) => (
        <Tab key={s.id} value={s.id} label={s.label} component={RouterLink} to={`${basePath}/${s.id}`} replace={!pushHistory} />
      ))}
    </Tabs>
  );
  // The key drops a section's local state when another is chosen.
  const body = <Fragment key={current.id}>{current.render()}</Fragment>;
  if (bare) {
    return (
      <Stack spacing={2}>
        {header}
        {tabs}
        {body}
      </Stack>
    );
  }
  return (
    <Card>
      <CardContent sx={{ pb: 0 }}>{header}</CardContent>
      {tabs}
      <CardContent>{body}</CardContent>
    </Card>
  );
}
