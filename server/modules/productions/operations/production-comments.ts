import { productionCommentBody } from '../../../../resources/production.js';
import { defineRoute } from '../../../http/route.js';
import { addComment, commentProductionId, deleteComment, listComments } from '../production-comments.js';
import { productionScope } from '../production-access.js';
import { commentsParams, idParams } from '../production-params.js';

export const listProductionComments = defineRoute({
  method: 'GET',
  url: '/comments/:productionId',
  access: { permission: 'productions:view' },
  summary: "A production's comments, oldest first, each with its writer's company and whether the caller wrote it (mine); for anyone who sees the production",
  tags: ['productions'],
  params: commentsParams,
  guard: async ({ actor, services, params }) => void (await productionScope(services.db, actor, params.productionId)),
  handler: ({ actor, services, params }) => listComments(services, actor, params.productionId),
});

export const addProductionComment = defineRoute({
  method: 'POST',
  url: '/comment',
  access: { permission: 'productions:view' },
  status: 201,
  summary: 'Comment on a production (sourceId: the production) as a person of the acting company; anyone who sees it; the companies that see it are told (production--comment). Answers the comment',
  tags: ['productions'],
  body: productionCommentBody,
  handler: ({ actor, services, body }) => addComment(services, actor, body),
});

export const deleteProductionComment = defineRoute({
  method: 'DELETE',
  url: '/comment/:id',
  access: { permission: 'productions:view' },
  summary: 'Delete a comment: its writer only (403 for others who see the production)',
  tags: ['productions'],
  params: idParams,
  guard: async ({ actor, services, params }) => void (await productionScope(services.db, actor, await commentProductionId(services.db, params.id))),
  handler: ({ actor, services, params }) => deleteComment(services, actor, params.id),
});
