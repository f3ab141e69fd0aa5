"use client";

import { Suspense, use, useCallback, useEffect, useRef, type ComponentType } from "react";
import { whenIdle } from "./when-idle";

/**
 * Unasked, the script still loads once the page has been idle this long, so a visitor who reads
 * first finds the form ready; earlier, it would compete with the page's own first paint.
 */
const UNASKED_LOAD_AFTER_MS = 5000;
const INTENT_EVENTS = ["pointerover", "focusin", "click", "keydown", "paste", "dragover", "drop"] as const;

/** Files pasted or dropped: a picture into a lesson's text. */
function filesOf(event: Event): File[] {
  if (event instanceof ClipboardEvent) return [...(event.clipboardData?.files ?? [])];
  if (event instanceof DragEvent) return [...(event.dataTransfer?.files ?? [])];
  return [];
}

/**
 * What a press before hydration meant, to be done again once the form can act: a button's click,
 * Enter's submit, or files pasted or dropped into a field (the browser's own paste of a file does
 * nothing, its drop opens the file in place of the page, and the form's handler is not there yet).
 */
function actionOf(event: Event, target: Element): (() => void) | null {
  const files = event.type === "paste" || event.type === "drop" ? filesOf(event) : [];
  if (files.length) {
    return () => {
      if (!target.isConnected) return;
      const data = new DataTransfer();
      for (const file of files) data.items.add(file);
      const init = { bubbles: true, cancelable: true };
      target.dispatchEvent(event.type === "paste" ? new ClipboardEvent("paste", { ...init, clipboardData: data }) : new DragEvent("drop", { ...init, dataTransfer: data }));
    };
  }
  const button = event.type === "click" ? target.closest("button") : null;
  if (button) {
    return () => {
      if (button.isConnected) button.click();
    };
  }
  const form = event instanceof KeyboardEvent && event.key === "Enter" && target instanceof HTMLInputElement ? target.form : null;
  if (form) {
    return () => {
      if (form.isConnected) form.requestSubmit();
    };
  }
  return null;
}

type TextField = HTMLInputElement | HTMLTextAreaElement;

const isTextField = (target: EventTarget | null): target is TextField => target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;

/** The fields' text as the person left it in the server's HTML, and the selection in the focused one. */
interface EarlyInput {
  text: Map<TextField, string>;
  selection: { field: TextField; start: number | null; end: number | null; direction: "forward" | "backward" | "none" | null } | null;
}

/** What the person changed (typed, pasted, dropped, filled) while the form was the server's HTML. */
function readEarlyInput(container: Element, text: Map<TextField, string>): EarlyInput {
  for (const field of container.querySelectorAll<TextField>("input, textarea")) {
    if (field.value !== field.defaultValue) text.set(field, field.value);
  }
  const focused = document.activeElement;
  const selection =
    isTextField(focused) && container.contains(focused)
      ? { field: focused, start: focused.selectionStart, end: focused.selectionEnd, direction: focused.selectionDirection }
      : null;
  return { text, selection };
}

/**
 * Puts back what was typed into a field before hydration, through the element's own setter and an
 * input event, so the form's state takes it too, and the focused field's selection. React's
 * hydration of a `<textarea>` with a default sets its text to that default again (inputs it leaves
 * alone): a video link pasted in the page's first second would silently become the old one, and
 * a «select all» made just before would be gone, so the paste after it would add to the old link.
 */
function restore({ text, selection }: EarlyInput) {
  for (const [field, value] of text) {
    if (!field.isConnected || field.value === value) continue;
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, "value")!.set!.call(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
  if (selection && document.activeElement === selection.field && selection.start !== null && selection.end !== null) {
    selection.field.setSelectionRange(selection.start, selection.end, selection.direction ?? undefined);
  }
}

/**
 * A client component whose script is not needed before the visitor reaches for it (a form and
 * react-hook-form): the server's HTML shows at once, and the script loads when the pointer, the
 * focus or a click first reaches it (or, unasked, once the page has settled). Until then React
 * keeps the suspended boundary's server HTML, and hydration keeps what was typed into it
 * (react-hook-form takes a field edited before it was ready as it is). After a client-side
 * navigation there is no server HTML to show, so the script loads at once.
 */
export function hydrateOnIntent<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  let signalIntent: (() => void) | undefined;
  const loadOnIntent = async (): Promise<ComponentType<Props>> => {
    await new Promise<void>((resolve) => (signalIntent = resolve));
    // Offline: the server's HTML stays, and the next pointer or focus asks again.
    return load().catch(loadOnIntent);
  };
  const component = typeof window === "undefined" ? load() : loadOnIntent();

  function Hydrated({ props, beforeHydration, onHydrated }: { props: Props; beforeHydration: () => void; onHydrated: () => void }) {
    const Component = use(component);
    // Rendered, not yet committed: the fields are still as the person left them.
    beforeHydration();
    useEffect(onHydrated, [onHydrated]);
    return <Component {...props} />;
  }

  function HydrateOnIntent(props: Props) {
    const container = useRef<HTMLDivElement>(null);
    const hydrated = useRef(false);
    const actionBeforeHydration = useRef<() => void>(null);
    const earlyText = useRef(new Map<TextField, string>());
    const earlyInput = useRef<EarlyInput | null>(null);
    const beforeHydration = useCallback(() => {
      if (container.current && !hydrated.current) earlyInput.current = readEarlyInput(container.current, earlyText.current);
    }, []);
    const onHydrated = useCallback(() => {
      hydrated.current = true;
      if (earlyInput.current) restore(earlyInput.current);
      earlyInput.current = null;
      earlyText.current.clear();
      actionBeforeHydration.current?.();
      actionBeforeHydration.current = null;
    }, []);
    useEffect(() => {
      const element = container.current;
      if (!element) return;
      const ask = () => signalIntent?.();
      // Nothing rendered yet: no server HTML to keep (a client-side navigation).
      if (element.childElementCount === 0) ask();
      // Text typed until the form hydrates, after its render read the fields too.
      const onText = (event: Event) => {
        const field = event.target;
        if (hydrated.current || !isTextField(field) || !element.contains(field)) return;
        earlyText.current.set(field, field.value);
      };
      window.addEventListener("input", onText, true);
      // On the window, capturing: React stops every event aimed at HTML it has not hydrated yet
      // at its root, before a listener on the form could hear it. It also drops such a click (a
      // tap brings pointerover and click at once), and Enter in a field finds the submit button
      // still disabled: the press waits (its default too) and is made again once it can act.
      const onIntent = (event: Event) => {
        if (hydrated.current || !(event.target instanceof Element) || !element.contains(event.target)) return;
        // Files dragged over the form may be dropped on it: not opened by the browser in place of the page.
        if (event instanceof DragEvent && event.type === "dragover" && event.dataTransfer?.types.includes("Files")) event.preventDefault();
        const action = actionOf(event, event.target);
        if (action) {
          event.preventDefault();
          actionBeforeHydration.current = action;
        }
        ask();
      };
      for (const type of INTENT_EVENTS) window.addEventListener(type, onIntent, true);
      let cancelIdle = () => {};
      const unasked = window.setTimeout(() => (cancelIdle = whenIdle(ask)), UNASKED_LOAD_AFTER_MS);
      return () => {
        window.removeEventListener("input", onText, true);
        for (const type of INTENT_EVENTS) window.removeEventListener(type, onIntent, true);
        window.clearTimeout(unasked);
        cancelIdle();
      };
    }, []);
    return (
      // `contents`: the wrapper adds no box, so the form lays out as if it were the parent's child.
      <div ref={container} className="contents">
        <Suspense>
          <Hydrated props={props} beforeHydration={beforeHydration} onHydrated={onHydrated} />
        </Suspense>
      </div>
    );
  }
  return HydrateOnIntent;
}
