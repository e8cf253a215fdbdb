import { useCallback, useSyncExternalStore } from 'react';

type Listener = () => void;

/**
 * The answers of one filling and their messages, told per question: a change to one answer wakes
 * only the question that shows it (and whoever listens to every change), so a keystroke costs the
 * same on a form of 500 questions as on one of 5. antd's form store tells every Form.Item of every
 * change and rebuilds every field's state for its change callback, which made typing grow with the
 * number of questions (docs/performance.md).
 */
export class AnswerStore {
  private values: Record<string, unknown>;
  private errors = new Map<string, string>();
  private listeners = new Map<string, Set<Listener>>();

  constructor(initial: Record<string, unknown>) {
    this.values = { ...initial };
  }

  get(name: string): unknown {
    return this.values[name];
  }

  /** Every answer as it stands (a copy: the caller may keep it). */
  snapshot(): Record<string, unknown> {
    return { ...this.values };
  }

  /** Every answer, read-only and only for the moment (no copy: for checks that need the others). */
  peek(): Readonly<Record<string, unknown>> {
    return this.values;
  }

  error(name: string): string | undefined {
    return this.errors.get(name);
  }

  set(name: string, value: unknown): void {
    if (Object.is(this.values[name], value)) return;
    this.values[name] = value;
    this.notify(name);
  }

  /** Sets several answers at once (a hidden question back to its default, a reset). */
  setMany(values: Record<string, unknown>): void {
    for (const [name, value] of Object.entries(values)) this.set(name, value);
  }

  /** Answers missing from the store take these (new questions in a schema being edited). */
  fillMissing(values: Record<string, unknown>): void {
    for (const [name, value] of Object.entries(values)) if (!(name in this.values)) this.set(name, value);
  }

  /** Starts again from these answers, with no messages. */
  reset(values: Record<string, unknown>): void {
    const names = new Set([...Object.keys(this.values), ...Object.keys(values), ...this.errors.keys()]);
    this.values = { ...values };
    this.errors.clear();
    for (const name of names) this.notify(name);
  }

  setError(name: string, message: string | undefined): void {
    if (this.errors.get(name) === message) return;
    if (message) this.errors.set(name, message);
    else this.errors.delete(name);
    this.notify(name);
  }

  subscribe(name: string, listener: Listener): () => void {
    let set = this.listeners.get(name);
    if (!set) {
      set = new Set();
      this.listeners.set(name, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  private notify(name: string) {
    const set = this.listeners.get(name);
    if (set) for (const listener of [...set]) listener();
  }
}

/** One answer and its message; the component re-renders only when either changes. */
export function useAnswer(store: AnswerStore, name: string): { value: unknown; error: string | undefined } {
  const subscribe = useCallback((listener: Listener) => store.subscribe(name, listener), [store, name]);
  const value = useSyncExternalStore(subscribe, () => store.get(name));
  const error = useSyncExternalStore(subscribe, () => store.error(name));
  return { value, error };
}
