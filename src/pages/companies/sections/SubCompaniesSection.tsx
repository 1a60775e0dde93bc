import Add from '@mui/icons-material/Add';
import {
  Alert,
  Avatar,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Link,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Skeleton,
  TablePagination,
  Typography,
} from '@mui/material';
import { useList } from '@refinedev/core';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { roleLabel } from '../CompanyHeader';
import type { SectionProps } from './section';
import { SubCompanyDialog } from './SubCompanyDialog';

interface SubCompany {
  id: number;
  name: string;
  city: string | null;
  state: string | null;
  logoUrl: string | null;
  createdAt: string;
  role: string | null;
}

const place = (c: SubCompany) => [c.city, c.state].filter(Boolean).join(', ');

/** The company's sub-companies, paged by the server; each opens when the caller is a member of it. */
export function SubCompaniesSection({ company, canManage, onSaved }: SectionProps) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const [creating, setCreating] = useState(false);
  const { result, query } = useList<SubCompany>({
    resource: 'sub-companies',
    meta: { path: `companies/${company.id}/sub-companies` },
    pagination: { currentPage: page + 1, pageSize },
    sorters: [{ field: 'name', order: 'asc' }],
  });

  return (
    <Card sx={{ maxWidth: 800 }}>
      <CardHeader
        title="Sub-companies"
        subheader="Branches and divisions of this company. A company can be deleted only once its sub-companies are."
        action={
          canManage && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
              New sub-company
            </Button>
          )
        }
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0 } }}
      />
      <CardContent>
        {query.isLoading && <Skeleton variant="rounded" height={120} />}
        {query.isError && <Alert severity="error">The sub-companies could not be loaded.</Alert>}
        {query.isSuccess && result.data.length === 0 && <Typography color="text.secondary">No sub-companies yet.</Typography>}
        {query.isSuccess && result.data.length > 0 && (
          <>
            <List disablePadding aria-label="Sub-companies">
              {result.data.map((c) => (
                <ListItem key={c.id} divider disableGutters secondaryAction={c.role ? <Chip size="small" label={roleLabel(c.role)} /> : <Chip size="small" variant="outlined" label="Not a member" />}>
                  <ListItemAvatar>
                    <Avatar src={c.logoUrl ?? undefined} variant="rounded" sx={{ bgcolor: 'primary.main' }}>
                      {c.name.slice(0, 1).toUpperCase()}
                    </Avatar>
                  </ListItemAvatar>
                  <ListItemText
                    sx={{ pr: 12 }}
                    primary={
                      c.role ? (
                        <Link component={RouterLink} to={`/companies/${c.id}`} underline="hover">
                          {c.name}
                        </Link>
                      ) : (
                        c.name
                      )
                    }
                    secondary={place(c) || undefined}
                  />
                </ListItem>
              ))}
            </List>
            <TablePagination
              component="div"
              count={result.total ?? 0}
              page={page}
              onPageChange={(_e, p) => setPage(p)}
              rowsPerPage={pageSize}
              rowsPerPageOptions={[10, 25, 50]}
              onRowsPerPageChange={(e) => {
                setPageSize(Number(e.target.value));
                setPage(0);
              }}
            />
          </>
        )}
      </CardContent>
      {creating && (
        <SubCompanyDialog
          parent={company}
          onClose={async (created) => {
            setCreating(false);
            if (created) {
              await query.refetch();
              await onSaved();
            }
          }}
        />
      )}
    </Card>
  );
}
