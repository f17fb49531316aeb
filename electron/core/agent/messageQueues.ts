// The three queues of SPEC §3. Steering: delivered at the next turn boundary of the running run.
// Follow-up: delivered when the run would otherwise end, one at a time. Next-turn: context (such as the
// todo reminder) sent with the next user prompt. Every change is reported, so the UI can show them. The
// user may still change or withdraw a steering or follow-up message until it is taken.
import type { QueueName } from '../../../shared/contract';

export interface QueueSnapshot {
  steering: string[];
  followUp: string[];
  nextTurn: string[];
}

export class MessageQueues {
  private steering: string[] = [];
  private followUp: string[] = [];
  private nextTurn: string[] = [];

  constructor(private readonly onChange: (queues: QueueSnapshot) => void) {}

  snapshot(): QueueSnapshot {
    return { steering: [...this.steering], followUp: [...this.followUp], nextTurn: [...this.nextTurn] };
  }

  steer(text: string): void {
    this.steering.push(text);
    this.changed();
  }

  queueFollowUp(text: string): void {
    this.followUp.push(text);
    this.changed();
  }

  /** Identical context already waiting is not queued twice (a reminder due again before it was sent). */
  queueNextTurn(text: string): void {
    if (this.nextTurn.includes(text)) return;
    this.nextTurn.push(text);
    this.changed();
  }

  /**
   * Changes the waiting message `expected` at `index` of `queue` to `text`, or removes it (`text`
   * undefined). False when that message is no longer there: it was sent meanwhile.
   */
  replace(queue: QueueName, index: number, expected: string, text?: string): boolean {
    const items = queue === 'steering' ? this.steering : this.followUp;
    if (items[index] !== expected) return false;
    if (text === undefined) items.splice(index, 1);
    else items[index] = text;
    this.changed();
    return true;
  }

  takeSteering(): string[] {
    return this.take('steering');
  }

  takeFollowUp(): string | undefined {
    const next = this.followUp.shift();
    if (next !== undefined) this.changed();
    return next;
  }

  takeNextTurn(): string[] {
    return this.take('nextTurn');
  }

  /** Puts taken context back in front, when the prompt it was meant for could not be saved. */
  restoreNextTurn(items: readonly string[]): void {
    if (items.length === 0) return;
    this.nextTurn = [...items, ...this.nextTurn];
    this.changed();
  }

  clear(): void {
    const hadAny = this.steering.length + this.followUp.length + this.nextTurn.length > 0;
    this.steering = [];
    this.followUp = [];
    this.nextTurn = [];
    if (hadAny) this.changed();
  }

  private take(queue: 'steering' | 'nextTurn'): string[] {
    const items = this[queue];
    if (items.length === 0) return items;
    this[queue] = [];
    this.changed();
    return items;
  }

  private changed(): void {
    this.onChange(this.snapshot());
  }
}
