import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { type FormEvent, type KeyboardEvent, type RefObject, useEffect, useRef, useState } from "react";

/** Five things people come here for, typed into the placeholder one after another. */
export const EXAMPLE_SEARCHES = [
  "Build a volunteer scheduler for an animal shelter…",
  "A React dashboard for a food bank's donations…",
  "Beginner-friendly Python projects with a mentor…",
  "Help a legal aid clinic track tenant cases…",
  "A mobile app for air quality readings in my city…",
];
/** The placeholder without JavaScript, or when the visitor prefers reduced motion. */
export const STATIC_PLACEHOLDER = "Describe a project you'd like to work on, or a skill you want to use…";

// Spec section 9: typewriter timings.
const TYPE_MS = 28;
const DELETE_MS = 18;
const PAUSE_MS = 900;
const NEXT_MS = 500;

/**
 * The placeholder text, typed and deleted a character at a time. Static when motion is reduced;
 * it holds still while the box has text (the placeholder is hidden then) or the tab is hidden.
 */
function useTypewriter(sentences: string[], box: RefObject<HTMLTextAreaElement>): string {
  const [text, setText] = useState(STATIC_PLACEHOLDER);
  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let sentence = 0;
    let length = 0;
    let deleting = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      if (document.hidden || box.current?.value) {
        timer = setTimeout(tick, NEXT_MS);
        return;
      }
      const full = sentences[sentence]!;
      if (!deleting) {
        length += 1;
        setText(full.slice(0, length));
        if (length >= full.length) {
          deleting = true;
          timer = setTimeout(tick, PAUSE_MS);
          return;
        }
        timer = setTimeout(tick, TYPE_MS);
        return;
      }
      length -= 1;
      setText(full.slice(0, length));
      if (length <= 0) {
        deleting = false;
        sentence = (sentence + 1) % sentences.length;
        timer = setTimeout(tick, NEXT_MS);
        return;
      }
      timer = setTimeout(tick, DELETE_MS);
    };
    timer = setTimeout(tick, NEXT_MS);
    return () => clearTimeout(timer);
  }, [sentences, box]);
  return text;
}

/**
 * The home page's three-row search box: a plain GET form to /search-result with count=12, which
 * works without JavaScript (the results page trims the term). With JavaScript the term is sent
 * trimmed, Enter without Shift submits, blank input is ignored and a pending search is not sent
 * twice.
 */
export function HeroSearch() {
  const navigation = useNavigation();
  const submit = useSubmit();
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const placeholder = useTypewriter(EXAMPLE_SEARCHES, boxRef);
  const searching = navigation.state !== "idle" && navigation.location?.pathname === "/search-result";

  function search(form: HTMLFormElement) {
    const data = new FormData(form);
    const term = String(data.get("q") ?? "").trim();
    if (searching || !term) return;
    data.set("q", term);
    submit(data, { method: "get", action: "/search-result" });
  }

  function submitOnEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (event.currentTarget.form) search(event.currentTarget.form);
  }

  function submitTrimmed(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    search(event.currentTarget);
  }

  return (
    <Form
      method="get"
      action="/search-result"
      role="search"
      aria-label="Search projects"
      aria-busy={searching}
      className="mx-auto mt-8 flex max-w-2xl flex-col gap-3 rounded-2xl bg-white p-3 text-left shadow-lg ring-1 ring-slate-200 focus-within:ring-2 focus-within:ring-brand-500 sm:flex-row sm:items-end"
      onSubmit={submitTrimmed}
    >
      <label htmlFor="hero-search" className="sr-only">
        What would you like to work on?
      </label>
      <textarea
        ref={boxRef}
        id="hero-search"
        name="q"
        rows={3}
        maxLength={500}
        placeholder={placeholder}
        onKeyDown={submitOnEnter}
        enterKeyHint="search"
        className="min-h-24 flex-1 resize-none rounded-xl border-0 p-3 text-base text-ink placeholder:text-slate-500 focus:outline-none"
      />
      <input type="hidden" name="count" value="12" />
      <button type="submit" className="btn-primary" disabled={searching}>
        {searching ? (
          <>
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none"
            />
            Searching…
          </>
        ) : (
          "Search"
        )}
      </button>
    </Form>
  );
}
