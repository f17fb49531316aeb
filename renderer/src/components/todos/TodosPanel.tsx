import { useT } from '../../hooks/useLanguage';
import { useBaton } from '../../store/StoreProvider';
import { TodoList } from './TodoList';

export function TodosPanel() {
  const todos = useBaton((s) => s.session?.todos ?? EMPTY);
  const t = useT();
  if (todos.length === 0) return null;
  return (
    <aside className="todos-panel" aria-labelledby="todos-heading">
      <h2 id="todos-heading">{t('todos.heading')}</h2>
      <TodoList todos={todos} />
    </aside>
  );
}

const EMPTY: never[] = [];
