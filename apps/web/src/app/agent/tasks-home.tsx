import { useAuth } from '../../lib/auth-context';
import AgentHome from './agent-home';
import TaskBoardPage from '../../features/tasks/task-board-page';

/** /agent-dashboard itself: the task board for a user with the tasks flag, the overview of areas otherwise. */
export default function TasksHome() {
  const { user } = useAuth();
  if (!user) return null;
  return user.tasks ? <TaskBoardPage /> : <AgentHome />;
}
