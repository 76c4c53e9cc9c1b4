// A small event bus for route changes (spec section 2: "route changes are broadcast to plugins").
// The tab bar, the navigation progress bar and the loader watchdog subscribe to it.
export type RouteEvent = { type: "start"; href: string } | { type: "change"; pathname: string; search: string };

type Listener = (event: RouteEvent) => void;
const listeners = new Set<Listener>();

export function subscribeRoute(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitRoute(event: RouteEvent): void {
  for (const l of [...listeners]) {
    try {
      l(event);
    } catch (err) {
      console.error("route listener failed", err);
    }
  }
}
