import { Form, useNavigation } from "@remix-run/react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";

/** Five things people come here for, typed into the placeholder one after another. */
export const EXAMPLE_SEARCHES = [
  "Build a volunteer scheduler for an animal shelter…",
  "A React dashboard for a food bank's donations…",
  "Beginner-friendly Python projects with a mentor…",
  "Help a legal aid clinic track tenant cases…",
  "A mobile app for air quality readings in my city…",
];
const STATIC_PLACEHOLDER = "Describe a project you'd like to work on, or a skill you want to use…";

// Spec section 9: typewriter timings.
const TYPE_MS = 28;
const DELETE_MS = 18;
const PAUSE_MS = 900;
const NEXT_MS = 500;

/** The placeholder text, typed and deleted a character at a time (static when motion is reduced). */
function useTypewriter(sentences: string[]): string {
  const [text, setText] = useState(STATIC_PLACEHOLDER);
  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let sentence = 0;
    let length = 0;
    let deleting = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const full = sentences[sentence]!;
      if (!deleting) {
        length += 1;
        setText(full.slice(0, length));
        if (length === full.length) {
          deleting = true;
          timer = setTimeout(tick, PAUSE_MS);
          return;
        }
        timer = setTimeout(tick, TYPE_MS);
        return;
      }
      length -= 1;
      setText(full.slice(0, length));
      if (length === 0) {
        deleting = false;
        sentence = (sentence + 1) % sentences.length;
        timer = setTimeout(tick, NEXT_MS);
        return;
      }
      timer = setTimeout(tick, DELETE_MS);
    };
    timer = setTimeout(tick, NEXT_MS);
    return () => clearTimeout(timer);
  }, [sentences]);
  return text;
}

/**
 * The home page's three-row search box. A plain GET form to /search-result; with JavaScript,
 * Enter without Shift submits, blank input is ignored and a pending search is not sent twice.
 */
export function HeroSearch() {
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const placeholder = useTypewriter(EXAMPLE_SEARCHES);
  const searching = navigation.state !== "idle" && navigation.location?.pathname === "/search-result";

  function submitOnEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!searching && event.currentTarget.value.trim()) formRef.current?.requestSubmit();
  }

  return (
    <Form
      ref={formRef}
      method="get"
      action="/search-result"
      role="search"
      className="mx-auto mt-8 flex max-w-2xl flex-col gap-3 rounded-2xl bg-white p-3 shadow-lg ring-1 ring-slate-200 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        const query = new FormData(event.currentTarget).get("q");
        if (searching || typeof query !== "string" || !query.trim()) event.preventDefault();
      }}
    >
      <label htmlFor="hero-search" className="sr-only">
        What would you like to work on?
      </label>
      <textarea
        id="hero-search"
        name="q"
        rows={3}
        maxLength={500}
        placeholder={placeholder}
        onKeyDown={submitOnEnter}
        className="min-h-24 flex-1 resize-none rounded-xl border-0 p-3 text-base text-ink placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500 focus:outline-none"
      />
      <input type="hidden" name="count" value="12" />
      <button type="submit" className="btn-primary" disabled={searching}>
        {searching ? "Searching…" : "Search"}
      </button>
    </Form>
  );
}
