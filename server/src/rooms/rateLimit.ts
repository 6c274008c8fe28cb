/**
 * A client's message budget: a token bucket. Every message costs a token; an action the game
 * accepts gives its token back, so play at any pace is never limited, while a client spamming
 * refused or malformed messages is answered RATE_LIMITED (unparsed, unjudged) once its burst is spent.
 */
export class MessageBudget {
  private tokens: number;
  private last: number;

  constructor(
    readonly burst = 20,
    readonly perSecond = 5,
    now = Date.now(),
  ) {
    this.tokens = burst;
    this.last = now;
  }

  /** Takes one token; false when none is left. */
  take(now = Date.now()): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Gives back the token of a message the game accepted. */
  refund(): void {
    this.tokens = Math.min(this.burst, this.tokens + 1);
  }
}

/** A table's budgets: a seat's is the seat's (a reconnection or a rejoin gets no fresh burst); others' are per connection. */
export class Budgets {
  private readonly perClient = new WeakMap<object, MessageBudget>();
  private readonly perSeat: (MessageBudget | undefined)[] = [];

  /** `limits`: read when a budget is made. */
  constructor(private readonly limits: () => { messageBurst: number; messagesPerSecond: number }) {}

  of(client: object, seat: number | null): MessageBudget {
    let b = seat !== null ? this.perSeat[seat] : this.perClient.get(client);
    if (!b) {
      const { messageBurst, messagesPerSecond } = this.limits();
      b = new MessageBudget(messageBurst, messagesPerSecond);
      if (seat !== null) this.perSeat[seat] = b;
      else this.perClient.set(client, b);
    }
    return b;
  }

  /** A seat freed before play: its next player starts with a fresh budget. */
  forgetSeat(seat: number): void {
    this.perSeat[seat] = undefined;
  }
}
