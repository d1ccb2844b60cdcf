/** The services' handle on the outbox relay: a nudge after each commit that wrote events. */
import type { EventNotifier } from './domain-events.js';

/** Forwards nudges to the relay once it runs; before that (or in the CLI) the relay's poll picks rows up. */
export class RelayNotifier implements EventNotifier {
  private target: EventNotifier | null = null;
  attach(target: EventNotifier | null): void {
    this.target = target;
  }
  nudge(): void {
    this.target?.nudge();
  }
}
