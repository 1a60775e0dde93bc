import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { Card, CardContent, CardHeader, IconButton } from '@mui/material';
import { useState } from 'react';
import { productionCommentBody, type Production, type ProductionComment } from '../../../../resources/production';
import { Comments } from '../../../components/Comments';
import { PRODUCTION_RESOURCES, addComment, deleteComment, productionPaths, useProductionRefresh } from '../production-api';
import { ConfirmDialog } from '../ProductionDialogs';

const draftBody = productionCommentBody.pick({ comment: true });

/** Comments on the production (GET /comments/{id}, POST /comment); the writer deletes their own. */
export function CommentsSection({ production }: { production: Production }) {
  const refresh = useProductionRefresh();
  const [deleting, setDeleting] = useState<ProductionComment | null>(null);

  return (
    <Card>
      <CardHeader title="Comments" slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Comments<ProductionComment>
          resource={PRODUCTION_RESOURCES.comments}
          path={productionPaths(production.id).comments}
          text={(c) => c.body}
          schema={draftBody}
          post={(comment) => addComment(production.id, comment)}
          onAdded={refresh}
          action={(c) =>
            c.mine && (
              <IconButton edge="end" aria-label="Delete comment" onClick={() => setDeleting(c)}>
                <DeleteOutline />
              </IconButton>
            )
          }
        />
      </CardContent>
      {deleting && (
        <ConfirmDialog
          title="Delete comment"
          question="Delete your comment? Nobody will see it any more."
          confirmLabel="Delete"
          danger
          onConfirm={() => deleteComment(deleting.id).then(refresh)}
          onClose={() => setDeleting(null)}
        />
      )}
    </Card>
  );
}
