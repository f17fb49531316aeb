// Messages submitted while a reply streams, waiting for their turn (SPEC §3 queues).
import { useBaton } from '../../store/StoreProvider';

export function QueuedMessages() {
  const queue = useBaton((s) => s.chat.queue);
  if (queue.steering.length + queue.followUp.length === 0) return null;
  return (
    <section className="queued" aria-label="Queued messages">
      <ul>
        {queue.steering.map((text, i) => (
          <li key={`s${i}`}>
            <span className="queued-mode">Next turn</span> {text}
          </li>
        ))}
        {queue.followUp.map((text, i) => (
          <li key={`f${i}`}>
            <span className="queued-mode">After this reply</span> {text}
          </li>
        ))}
      </ul>
    </section>
  );
}
