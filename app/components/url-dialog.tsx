import { Link, useNavigate } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";

const FIRST_FIELD = "input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])";

/**
 * A modal that is URL state (DESIGN principle 2): the server renders it open when its search
 * parameter is present, as a page section that works without JavaScript; with JavaScript it
 * becomes a real modal <dialog> that Escape closes. Closing goes to `closeTo`.
 */
export function UrlDialog({
  title,
  subject,
  focusFirstField = false,
  closeTo,
  children,
}: {
  title: string;
  /** What the dialog is about, named in its heading ('Join Requests — Food Pantry …'). */
  subject?: string | null;
  /** A form's dialog opens with its first field focused, not its close button. */
  focusFirstField?: boolean;
  closeTo: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  // Closing gives focus back to what opened the dialog (the link that set its parameter), as a
  // native modal's close() would; the dialog unmounts instead, which would drop focus to <body>.
  // Declared first so it reads the opener before showModal() moves focus into the dialog.
  useEffect(() => {
    const opener = document.activeElement;
    return () => {
      if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) {
        opener.focus({ preventScroll: true });
      }
    };
  }, []);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || typeof dialog.showModal !== "function") return;
    dialog.close();
    dialog.showModal();
    if (focusFirstField) dialog.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
    const onCancel = (event: Event) => {
      event.preventDefault();
      navigate(closeTo, { replace: true, preventScrollReset: true });
    };
    dialog.addEventListener("cancel", onCancel);
    return () => dialog.removeEventListener("cancel", onCancel);
  }, [closeTo, navigate, focusFirstField]);
  return (
    <dialog
      ref={ref}
      id="dialog"
      open
      aria-labelledby="dialog-title"
      // Without JavaScript it is a section in the page's flow; as a modal it stays pinned to the
      // viewport (the browser's fixed position) and scrolls inside itself.
      className="z-30 mx-auto my-6 w-full scroll-mt-20 [&:not(:modal)]:relative [&:modal]:max-w-lg rounded-2xl border border-slate-200 bg-white p-0 text-ink shadow-xl backdrop:bg-slate-900/50 open:block [&:modal]:max-h-[calc(100dvh-3rem)] [&:modal]:overflow-y-auto"
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-100 p-5">
        <h2 id="dialog-title" className="text-xl font-semibold">
          {title}
          {subject ? ` — ${subject}` : null}
        </h2>
        <Link
          to={closeTo}
          replace
          preventScrollReset
          className="-m-2 grid size-11 place-items-center rounded-lg text-2xl leading-none text-slate-500 hover:bg-slate-100"
          aria-label="Close"
        >
          ×
        </Link>
      </div>
      <div className="p-5">{children}</div>
    </dialog>
  );
}
