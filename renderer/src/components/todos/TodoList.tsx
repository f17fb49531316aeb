import type { TodoItem } from '../../../../shared/session';
import { useT } from '../../hooks/useLanguage';

export function TodoList({ todos }: { todos: readonly TodoItem[] }) {
  const t = useT();
  return (
    <ul className="todo-list">
      {todos.map((todo, i) => (
        <li key={i} className={`todo todo-${todo.status}`}>
          <span className="todo-status">{t(`todos.status.${todo.status}`)}</span> {todo.content}
        </li>
      ))}
    </ul>
  );
}
