/** A minimal typed event emitter (no Node `events`: the SDK runs in browsers too). */
export class Emitter<Events extends { [K in keyof Events]: (payload: never) => void }> {
  private handlers = new Map<keyof Events, Set<(payload: never) => void>>();

  /** Adds a listener; returns a function that removes it. */
  on<K extends keyof Events>(type: K, cb: Events[K]): () => void {
    let set = this.handlers.get(type);
    if (!set) this.handlers.set(type, (set = new Set()));
    set.add(cb);
    return () => this.off(type, cb);
  }

  off<K extends keyof Events>(type: K, cb: Events[K]): void {
    this.handlers.get(type)?.delete(cb);
  }

  emit<K extends keyof Events>(type: K, payload: Parameters<Events[K]>[0]): void {
    for (const cb of [...(this.handlers.get(type) ?? [])]) {
      try {
        (cb as (p: Parameters<Events[K]>[0]) => void)(payload);
      } catch (e) {
        // One listener's bug must not stop the others or the connection's handling.
        console.error(`jantaku: a '${String(type)}' listener threw`, e);
      }
    }
  }

  clear(): void {
    this.handlers.clear();
  }
}
