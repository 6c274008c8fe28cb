import morphdom from 'morphdom';

/**
 * A small element builder, `h('button', { class: 'x', onclick }, 'text', child)`, and `patch`,
 * which morphs a live element into a freshly built one (morphdom): what is the same element
 * stays the same node, so the one under the pointer or holding the focus survives an update.
 */
type Attrs = Record<string, string | number | boolean | null | undefined | ((e: never) => void)>;
export type Child = Node | string | number | null | undefined | false | Child[];

/**
 * Handlers by element and event type. An element listens through `dispatch`, which calls the
 * handler kept here, so a patch can hand the new tree's handlers (fresh closures over the
 * current state) to the live element it keeps: morphdom copies attributes, not listeners.
 */
const handlers = new WeakMap<EventTarget, Record<string, EventListener>>();
/** A patch is running: the events it causes itself (a moved element's blur) are not the user's. */
let patching = false;

function dispatch(this: EventTarget, e: Event): void {
  if (patching) return;
  handlers.get(this)?.[e.type]?.call(this, e);
}

/** Listens to `type` on `el` in a way a patch keeps (the handler is replaced, never added twice). */
export function on(el: Element, type: string, fn: EventListener): void {
  let own = handlers.get(el);
  if (!own) handlers.set(el, (own = {}));
  if (!own[type]) el.addEventListener(type, dispatch);
  own[type] = fn;
}

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (typeof v === 'function') on(el, k.replace(/^on/, ''), v as EventListener);
    else if (k === 'class') el.className = String(v);
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  append(el, children);
  return el;
}

export function append(el: Node, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
}

/** Replaces an element's children. */
export function replace(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  append(el, children);
}

/**
 * What a patch matches elements by, wherever they move among the page: the id, else `data-node`
 * (a tile's, a button's). Unkeyed elements are matched by their place and tag.
 */
const keyOf = (n: Node): string | undefined => (n.nodeType === 1 ? (n as Element).id || (n as Element).getAttribute('data-node') || undefined : undefined);

/** The live element keeps the new one's handlers (and drops those it no longer has). */
function takeHandlers(live: Element, next: Element): void {
  const want = handlers.get(next);
  const had = handlers.get(live);
  if (!want && !had) return;
  const own: Record<string, EventListener> = {};
  for (const [type, fn] of Object.entries(want ?? {})) {
    if (!had?.[type]) live.addEventListener(type, dispatch);
    own[type] = fn;
  }
  for (const type of Object.keys(had ?? {})) if (!own[type]) live.removeEventListener(type, dispatch);
  handlers.set(live, own);
}

function morph(live: Element, next: Element, childrenOnly: boolean): void {
  const focused = document.activeElement;
  const focusKey = focused && live.contains(focused) ? keyOf(focused) : undefined;
  patching = true;
  try {
    morphdom(live, next, {
      childrenOnly,
      getNodeKey: keyOf,
      onBeforeElUpdated: (from, to) => {
        takeHandlers(from, to);
        return true;
      },
    });
  } finally {
    patching = false;
  }
  // A kept element moved to another parent is blurred by the browser: it is given the focus back
  // (or, if it went, the element that took its key).
  if (!focused || focused === document.activeElement || focused === document.body) return;
  const again = focused.isConnected ? focused : focusKey ? live.querySelector(`#${CSS.escape(focusKey)}, [data-node="${CSS.escape(focusKey)}"]`) : null;
  if (again instanceof HTMLElement || again instanceof SVGElement) again.focus({ preventScroll: true });
}

/** Makes `root`'s children those given, changing only what differs. */
export function patch(root: Element, ...children: Child[]): void {
  const next = root.cloneNode(false) as Element;
  append(next, children);
  morph(root, next, true);
}

/** Makes the live element `el` the element `next` (same tag), changing only what differs. */
export function patchElement(el: Element, next: Element): void {
  morph(el, next, false);
}

/** Signed points: "+8000", "−2000", "0". */
export const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : '0');
