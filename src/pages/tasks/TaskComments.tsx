import { Card, CardContent, CardHeader } from '@mui/material';
import { taskCommentBody, type Task, type TaskComment } from '../../../resources/task';
import { Comments } from '../../components/Comments';
import { TASK_RESOURCES, addComment, taskPaths, useTaskRefresh } from './task-api';

/** Comments on the task (GET and POST /tasks/{id}/comments), oldest first; anyone who reads the task writes. */
export function TaskComments({ task }: { task: Task }) {
  const refresh = useTaskRefresh();
  return (
    <Card>
      <CardHeader title="Comments" slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Comments<TaskComment>
          resource={TASK_RESOURCES.comments}
          path={taskPaths(task.id).comments}
          text={(c) => c.body}
          schema={taskCommentBody}
          post={(comment) => addComment(task.id, comment)}
          onAdded={refresh}
        />
      </CardContent>
    </Card>
  );
}
