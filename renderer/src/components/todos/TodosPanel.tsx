import { useBaton } from '../../store/StoreProvider';
import { TodoList } from './TodoList';

export function TodosPanel() {
  const todos = useBaton((s) => s.session?.todos ?? EMPTY);
  if (todos.length === 0) return null;
  return (
    <aside className="todos-panel" aria-labelledby="todos-heading">
      <h2 id="todos-heading">Todos</h2>
      <TodoList todos={todos} />
    </aside>
  );
}

const EMPTY: never[] = [];
