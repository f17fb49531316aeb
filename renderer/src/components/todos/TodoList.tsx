import type { TodoItem } from '../../../../shared/session';

const STATUS_LABEL: Record<TodoItem['status'], string> = {
  pending: 'To do',
  in_progress: 'In progress',
  completed: 'Done',
};

export function TodoList({ todos }: { todos: readonly TodoItem[] }) {
  return (
    <ul className="todo-list">
      {todos.map((todo, i) => (
        <li key={i} className={`todo todo-${todo.status}`}>
          <span className="todo-status">{STATUS_LABEL[todo.status]}</span> {todo.content}
        </li>
      ))}
    </ul>
  );
}
