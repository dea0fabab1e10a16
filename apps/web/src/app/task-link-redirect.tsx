import { Navigate, useParams } from 'react-router';

export function TaskLinkRedirect() {
  const { taskId } = useParams();
  return (
    <Navigate to={/^\d+$/.test(taskId ?? '') ? `/agent-dashboard/tasks/${taskId}` : '/agent-dashboard/tasks'} replace />
  );
}
